// GET /api/seasons: the closed seasons with their champions, the latest first, paged.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ArchivedSeasonsPage } from "@shared/types/seasons";
import { api } from "@/lib/api-client";
import { seasonKeys } from "./keys";

export const SEASONS_PAGE_SIZE = 10;

export const archivedSeasonsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: seasonKeys.archive(page),
    queryFn: () => api.get<ArchivedSeasonsPage>(`/api/seasons?page=${page}&limit=${SEASONS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });

export function useArchivedSeasons(page: number) {
  return useQuery(archivedSeasonsQueryOptions(page));
}
