// DELETE /api/teams/{id} {reason?}: the captain soft-deletes the team.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { DeleteTeamResult } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { forgetSignedInUser } from "@/lib/auth";

export function useDeleteTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.delete<DeleteTeamResult>(`/api/teams/${teamId}`, reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: (result) => {
      // The caller's session ended with the team: nothing cached belongs to anyone now.
      if (result.requiresLogin) forgetSignedInUser(queryClient);
      else void queryClient.invalidateQueries();
    },
  });
}
