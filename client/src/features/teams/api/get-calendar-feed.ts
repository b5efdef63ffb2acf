// GET /api/calendar-feed: the signed-in member's calendar feed address (nulls before they made one).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CalendarFeedLink } from "@shared/types/calendar";
import { api } from "@/lib/api-client";
import { teamKeys } from "./keys";

export const calendarFeedQueryOptions = queryOptions({
  queryKey: teamKeys.calendarFeed(),
  queryFn: () => api.get<CalendarFeedLink>("/api/calendar-feed"),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions);
}
