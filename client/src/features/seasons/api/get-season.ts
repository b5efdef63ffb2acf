// GET /api/seasons/{id}: a closed season and its champions (the archive page's header).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ArchivedSeason } from "@shared/types/seasons";
import { api } from "@/lib/api-client";
import { seasonKeys } from "./keys";

export const seasonQueryOptions = (id: number) =>
  queryOptions({ queryKey: seasonKeys.season(id), queryFn: () => api.get<ArchivedSeason>(`/api/seasons/${id}`) });

export function useSeason(id: number) {
  return useQuery(seasonQueryOptions(id));
}
