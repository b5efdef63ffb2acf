// GET /api/notifications: the member's own, newest first, one page at a time (shared/paging.ts),
// with the unread count.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationsPage } from "@shared/types/notifications";
import { NOTIFICATIONS_PAGE_SIZE } from "@shared/constants";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./keys";

const fetchPage = (page: number, limit = NOTIFICATIONS_PAGE_SIZE) => api.get<NotificationsPage>(`/api/notifications?page=${page}&limit=${limit}`);

/** The bell: only the unread count is used (one item fetched). */
export const notificationSummaryQueryOptions = queryOptions({
  queryKey: notificationKeys.summary(),
  queryFn: () => fetchPage(1, 1),
});

export function useUnreadNotificationCount(enabled = true) {
  const q = useQuery({ ...notificationSummaryQueryOptions, enabled });
  return q.data?.unreadCount ?? 0;
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: () => fetchPage(page),
    placeholderData: keepPreviousData,
  });
}
