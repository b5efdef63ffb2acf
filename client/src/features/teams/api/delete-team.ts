// DELETE /api/teams/{id} {reason?}: the captain soft-deletes the team.
import { useMutation } from "@tanstack/react-query";
import type { DeleteTeamResult } from "@shared/types/teams";
import { api } from "@/lib/api-client";

export function useDeleteTeam(teamId: number) {
  return useMutation({
    mutationFn: (reason: string) =>
      api.delete<DeleteTeamResult>(`/api/teams/${teamId}`, reason.trim() ? { reason: reason.trim() } : {}),
  });
}
