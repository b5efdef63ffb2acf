// POST /api/matches/confirm/{token}: confirms the result (ratings move once).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ConfirmMatchResult } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { invalidateAfterResult } from "./result-changed";

export const confirmMatchByToken = (token: string) =>
  api.post<ConfirmMatchResult>(`/api/matches/confirm/${encodeURIComponent(token)}`, {});

export function useConfirmMatchByToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMatchByToken,
    onSettled: () => invalidateAfterResult(queryClient),
  });
}
