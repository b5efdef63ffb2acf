// GET /api/notifications: the member's own, newest first, paged by cursor, with the unread count.
import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { NotificationsPage } from "@shared/types/notifications";
import { NOTIFICATIONS_PAGE_SIZE } from "@shared/validators/notifications";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./keys";

const fetchPage = (cursor: string | null, limit = NOTIFICATIONS_PAGE_SIZE) =>
  api.get<NotificationsPage>(`/api/notifications?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);

/** The bell: only the unread count is used (one item fetched). */
export const notificationSummaryQueryOptions = queryOptions({
  queryKey: notificationKeys.summary(),
  queryFn: () => fetchPage(null, 1),
});

export function useUnreadNotificationCount(enabled = true) {
  const q = useQuery({ ...notificationSummaryQueryOptions, enabled });
  return q.data?.unreadCount ?? 0;
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
