// POST /api/matches/{id}/approve: the opponent team approves a reported result (ratings move).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmMatchResult } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { challengeKeys, matchKeys, ratingResourceKeys } from "./keys";

export const approveMatch = (id: number) => api.post<ConfirmMatchResult>(`/api/matches/${id}/approve`, {});

export function useApproveMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveMatch,
    onSettled: async () => {
      await Promise.all(
        [challengeKeys.all, matchKeys.all, ...ratingResourceKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
