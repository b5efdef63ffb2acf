// Query keys of the notification centre: every key starts with ["notifications"], so one
// invalidation refreshes the bell and the list.
export const notificationKeys = {
  all: ["notifications"] as const,
  /** The first page: the bell's unread count. */
  summary: () => ["notifications", "summary"] as const,
  list: (page: number) => ["notifications", "list", page] as const,
};
