// GET /api/settings/club-break: the banner (the club break going on now, else one starting soon).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClubBreakBanner } from "@shared/types/clock";
import { formatZonedDate } from "@shared/time";
import { api } from "@/lib/api-client";
import { clubKeys } from "./keys";

export const clubBreakBannerQueryOptions = queryOptions({
  queryKey: clubKeys.breakBanner(),
  queryFn: () => api.get<ClubBreakBanner>("/api/settings/club-break"),
});

export function useClubBreakBanner() {
  return useQuery(clubBreakBannerQueryOptions);
}

/** A club day (YYYY-MM-DD, already a day of the club's zone) as 'Sun 3 Jan'. */
export const clubDay = (d: string): string => formatZonedDate(`${d}T12:00:00Z`, "UTC");
