// PATCH /api/disputes/{id} {status:'resolved', resolutionNotes, outcome, score?, winnerTeamId?} (score and winner for a correction).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ResolveDisputeResult } from "@shared/types/matches";
import type { ResolveDisputeBody } from "@shared/validators/matches";
import { api } from "@/lib/api-client";
import { invalidateAfterResult } from "@/features/matches/api/result-changed";

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, ...body }: ResolveDisputeBody & { disputeId: number }) =>
      api.patch<ResolveDisputeResult>(`/api/disputes/${disputeId}`, body),
    onSettled: () => invalidateAfterResult(queryClient),
  });
}
