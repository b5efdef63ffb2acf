// PUT /api/teams/{id}: the captain saves the team profile.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { TeamView } from "@shared/types/teams";
import type { UpdateTeamInput } from "@shared/validators/teams";
import { api } from "@/lib/api-client";
import { userQueryKey } from "@/lib/auth";
import { teamQueryOptions } from "./get-team";
import { invalidateAfterTeamChange } from "./team-changed";

export function useUpdateTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTeamInput) => api.put<TeamView>(`/api/teams/${teamId}`, body),
    onSuccess: (team) => {
      queryClient.setQueryData(teamQueryOptions(teamId).queryKey, team);
      void invalidateAfterTeamChange(queryClient);
      // The signed-in user carries the team's name.
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
