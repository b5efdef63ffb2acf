// POST /api/matches/{id}/withdraw: the reporting team's captain takes back a pending result (the challenge is accepted again).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { WithdrawMatchResult } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { invalidateAfterResult } from "@/features/matches/api/result-changed";

export const withdrawMatch = (id: number) => api.post<WithdrawMatchResult>(`/api/matches/${id}/withdraw`, {});

export function useWithdrawMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawMatch,
    onSettled: () => invalidateAfterResult(queryClient),
  });
}
