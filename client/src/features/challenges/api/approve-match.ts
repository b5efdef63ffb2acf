// POST /api/matches/{id}/approve: the opponent team approves a reported result (ratings move).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmMatchResult } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { invalidateAfterResult } from "@/features/matches/api/result-changed";

export const approveMatch = (id: number) => api.post<ConfirmMatchResult>(`/api/matches/${id}/approve`, {});

export function useApproveMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveMatch,
    onSettled: () => invalidateAfterResult(queryClient),
  });
}
