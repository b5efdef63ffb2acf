// PUT /api/teams/{id}: the captain saves the team profile.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamView } from "@shared/types/teams";
import type { UpdateTeamInput } from "@shared/validators/teams";
import { api } from "@/lib/api-client";
import { userQueryKey } from "@/lib/auth";
import { teamQueryOptions } from "./get-team";

export function useUpdateTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTeamInput) => api.put<TeamView>(`/api/teams/${teamId}`, body),
    onSuccess: (team) => {
      queryClient.setQueryData(teamQueryOptions(teamId).queryKey, team);
      void queryClient.invalidateQueries({ queryKey: ["teams"] });
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
