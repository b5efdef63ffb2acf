// POST /api/matches/dispute/{token} {reason}: disputes the result; an admin reviews it.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { DisputeMatchResult } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { invalidateAfterResult } from "./result-changed";

export const disputeMatchByToken = (vars: { token: string; reason: string }) =>
  api.post<DisputeMatchResult>(`/api/matches/dispute/${encodeURIComponent(vars.token)}`, { reason: vars.reason });

export function useDisputeMatchByToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeMatchByToken,
    onSettled: () => invalidateAfterResult(queryClient),
  });
}
