// GET /api/seasons/current: the season going on (its name on the ladder), else the next one.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentSeason } from "@shared/types/seasons";
import { api } from "@/lib/api-client";
import { seasonKeys } from "./keys";

export const currentSeasonQueryOptions = queryOptions({
  queryKey: seasonKeys.current(),
  queryFn: () => api.get<CurrentSeason>("/api/seasons/current"),
});

export function useCurrentSeason() {
  return useQuery(currentSeasonQueryOptions);
}
