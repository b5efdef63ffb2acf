// PATCH /api/disputes/{id} {status:'resolved', resolutionNotes, outcome}.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResolveDisputeResult } from "@shared/types/matches";
import type { ResolveDisputeInput } from "@shared/validators/matches";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, ...body }: ResolveDisputeInput & { disputeId: number }) =>
      api.patch<ResolveDisputeResult>(`/api/disputes/${disputeId}`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["disputes"] }),
        queryClient.invalidateQueries({ queryKey: ["matches"] }),
        queryClient.invalidateQueries({ queryKey: ["teams"] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]),
  });
}
