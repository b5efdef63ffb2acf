// GET /api/teams/{id}/availability: a team's players' usual weeks (own team, same-category teams).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamAvailability } from "@shared/types/availability";
import { api } from "@/lib/api-client";
import { teamKeys } from "./keys";

export const teamAvailabilityQueryOptions = (teamId: number) =>
  queryOptions({ queryKey: teamKeys.availability(teamId), queryFn: () => api.get<TeamAvailability>(`/api/teams/${teamId}/availability`) });

export function useTeamAvailability(teamId: number | null | undefined) {
  return useQuery({ ...teamAvailabilityQueryOptions(teamId ?? 0), enabled: Boolean(teamId) });
}
