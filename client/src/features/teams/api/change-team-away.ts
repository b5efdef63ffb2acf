// The captain's away changes: POST /api/teams/{id}/away {firstDay, lastDay}, PATCH …/away/{awayId}
// {lastDay} (back sooner), DELETE …/away/{awayId} (cancel). Away shows on the ladder, the challenge
// table and the profile, so every team read is refreshed after.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { TeamAwayView } from "@shared/types/away";
import type { SetAwayInput, ShortenAwayInput } from "@shared/validators/away";
import { api } from "@/lib/api-client";
import { invalidateAfterTeamChange } from "./team-changed";

export function useSetTeamAway(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetAwayInput) => api.post<TeamAwayView>(`/api/teams/${teamId}/away`, body),
    onSettled: () => invalidateAfterTeamChange(queryClient),
  });
}

export function useShortenTeamAway(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ awayId, ...body }: ShortenAwayInput & { awayId: number }) => api.patch<TeamAwayView>(`/api/teams/${teamId}/away/${awayId}`, body),
    onSettled: () => invalidateAfterTeamChange(queryClient),
  });
}

export function useCancelTeamAway(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (awayId: number) => api.delete<TeamAwayView>(`/api/teams/${teamId}/away/${awayId}`),
    onSettled: () => invalidateAfterTeamChange(queryClient),
  });
}
