// GET /api/teams: teams with members, ratings, W-L and ranks; with a surface, that surface's ladder.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamsPage } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { ladderKeys, type TeamsFilter } from "./keys";

export type { TeamsFilter } from "./keys";

export function getTeams(filter: TeamsFilter): Promise<TeamsPage> {
  const params = new URLSearchParams();
  if (filter.competitionType) params.set("competitionType", filter.competitionType);
  if (filter.surface) params.set("surface", filter.surface);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  params.set("limit", String(filter.limit ?? 50));
  return api.get<TeamsPage>(`/api/teams?${params.toString()}`);
}

export const teamsQueryOptions = (filter: TeamsFilter) =>
  queryOptions({ queryKey: ladderKeys.teams(filter), queryFn: () => getTeams(filter), placeholderData: keepPreviousData });

export function useTeams(filter: TeamsFilter) {
  return useQuery(teamsQueryOptions(filter));
}
