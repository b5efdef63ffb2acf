// POST /api/matches/{id}/dispute {reason}: the opponent team disputes a reported result.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { DisputeMatchResult } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { invalidateAfterResult } from "@/features/matches/api/result-changed";

export const disputeMatch = (vars: { id: number; reason: string }) =>
  api.post<DisputeMatchResult>(`/api/matches/${vars.id}/dispute`, { reason: vars.reason });

export function useDisputeMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeMatch,
    onSettled: () => invalidateAfterResult(queryClient),
  });
}
