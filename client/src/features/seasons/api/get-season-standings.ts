// GET /api/seasons/{id}/standings: one ladder of a closed season (club-wide or one category), paged.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SeasonStandingsPage } from "@shared/types/seasons";
import { api } from "@/lib/api-client";
import { seasonKeys, type StandingsFilter } from "./keys";

/** The same page size as the ladder's tables. */
export const STANDINGS_PAGE_SIZE = 50;

export function getSeasonStandings(filter: StandingsFilter): Promise<SeasonStandingsPage> {
  const params = new URLSearchParams({ ladder: filter.ladder, limit: String(STANDINGS_PAGE_SIZE) });
  if (filter.competitionType) params.set("competitionType", filter.competitionType);
  if (filter.page > 1) params.set("page", String(filter.page));
  return api.get<SeasonStandingsPage>(`/api/seasons/${filter.seasonId}/standings?${params.toString()}`);
}

export const seasonStandingsQueryOptions = (filter: StandingsFilter) =>
  queryOptions({ queryKey: seasonKeys.standings(filter), queryFn: () => getSeasonStandings(filter), placeholderData: keepPreviousData });

export function useSeasonStandings(filter: StandingsFilter) {
  return useQuery(seasonStandingsQueryOptions(filter));
}
