// GET /api/teams/{id}: one team with members (emails for its own members), ratings and rank.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamView } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { teamKeys } from "./keys";

export const teamQueryOptions = (teamId: number) =>
  queryOptions({ queryKey: teamKeys.detail(teamId), queryFn: () => api.get<TeamView>(`/api/teams/${teamId}`) });

export function useTeam(teamId: number | null | undefined) {
  return useQuery({ ...teamQueryOptions(teamId ?? 0), enabled: Boolean(teamId) });
}
