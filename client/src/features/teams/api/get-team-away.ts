// GET /api/teams/{id}/away: today's club day and the team's away range that is not over yet.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamAwayView } from "@shared/types/away";
import { api } from "@/lib/api-client";
import { teamKeys } from "./keys";

export const teamAwayQueryOptions = (teamId: number) =>
  queryOptions({ queryKey: teamKeys.away(teamId), queryFn: () => api.get<TeamAwayView>(`/api/teams/${teamId}/away`) });

export function useTeamAway(teamId: number) {
  return useQuery(teamAwayQueryOptions(teamId));
}
