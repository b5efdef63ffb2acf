// POST /api/matches/{id}/approve: the opponent team approves a reported result (ratings move).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ConfirmMatchResult } from "@shared/types/matches";
import { api, orAlreadyDone } from "@/lib/api-client";
import { invalidateAfterResult } from "@/features/matches/api/result-changed";

// Approving a result that our side already confirmed (double click, second tab) is done, not failed.
export const approveMatch = (id: number) => orAlreadyDone(api.post<ConfirmMatchResult>(`/api/matches/${id}/approve`, {}));

export function useApproveMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveMatch,
    onSettled: () => invalidateAfterResult(queryClient),
  });
}
