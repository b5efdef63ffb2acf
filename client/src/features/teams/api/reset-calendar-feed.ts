// POST /api/calendar-feed: makes the member's calendar feed address, or a new one (the old one stops working).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { CalendarFeedLink } from "@shared/types/calendar";
import { api } from "@/lib/api-client";
import { calendarFeedQueryOptions } from "./get-calendar-feed";

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedLink>("/api/calendar-feed", {}),
    onSuccess: (link) => queryClient.setQueryData(calendarFeedQueryOptions.queryKey, link),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryOptions.queryKey }),
  });
}
