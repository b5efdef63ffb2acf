// DELETE /api/admin/teams/{id} {reason}, POST .../restore, DELETE .../permanent: each answers teamName.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { AdminTeamActionResult } from "@shared/types/admin";
import { api } from "@/lib/api-client";
import { invalidateAfterTeamChange } from "@/features/teams/api/team-changed";

function useTeamMutation<V>(fn: (vars: V) => Promise<AdminTeamActionResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Team changes show on the ladder too: refresh every team read, the admin panel's included.
    onSettled: () => invalidateAfterTeamChange(queryClient),
  });
}

export function useSoftDeleteTeam() {
  return useTeamMutation(({ teamId, reason }: { teamId: number; reason: string }) =>
    api.delete<AdminTeamActionResult>(`/api/admin/teams/${teamId}`, { reason }),
  );
}

export function useRestoreTeam() {
  return useTeamMutation((teamId: number) => api.post<AdminTeamActionResult>(`/api/admin/teams/${teamId}/restore`));
}

export function usePermanentDeleteTeam() {
  return useTeamMutation((teamId: number) => api.delete<AdminTeamActionResult>(`/api/admin/teams/${teamId}/permanent`));
}
