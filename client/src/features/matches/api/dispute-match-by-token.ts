// POST /api/matches/dispute/{token} {reason}: disputes the result; an admin reviews it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DisputeMatchResult } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { affectedByResultKeys } from "./keys";

export const disputeMatchByToken = (vars: { token: string; reason: string }) =>
  api.post<DisputeMatchResult>(`/api/matches/dispute/${encodeURIComponent(vars.token)}`, { reason: vars.reason });

export function useDisputeMatchByToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeMatchByToken,
    onSettled: () => Promise.all(affectedByResultKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
