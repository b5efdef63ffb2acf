// GET /api/settings/club-breaks (admins): every club break, the latest first, paged.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ClubBreaksPage } from "@shared/types/clock";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const CLUB_BREAKS_PAGE_SIZE = 10;

export const clubBreaksQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.clubBreaks(page),
    queryFn: () => api.get<ClubBreaksPage>(`/api/settings/club-breaks?page=${page}&limit=${CLUB_BREAKS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });

export function useClubBreaks(page: number) {
  return useQuery(clubBreaksQueryOptions(page));
}
