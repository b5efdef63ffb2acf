// Query keys of the notification centre: every key starts with ["notifications"], so one
// invalidation refreshes the bell, the list, the menu's waiting counts and the email switches.
export const notificationKeys = {
  all: ["notifications"] as const,
  /** The first page: the bell's unread count. */
  summary: () => ["notifications", "summary"] as const,
  list: (page: number) => ["notifications", "list", page] as const,
  /** GET /api/waiting: the menu's counts of what waits for the member. */
  waiting: () => ["notifications", "waiting"] as const,
  /** GET /api/notifications/preferences: the member's email switches. */
  preferences: () => ["notifications", "preferences"] as const,
  /** GET /api/push/public-key: the server's push key (null: push is off). */
  pushKey: () => ["notifications", "push-key"] as const,
  /** Whether this browser has push on (its own subscription, read from the service worker). */
  pushDevice: () => ["notifications", "push-device"] as const,
  /** GET /api/unsubscribe/{token}: what an unsubscribe link would turn off. */
  unsubscribe: (token: string) => ["notifications", "unsubscribe", token] as const,
};
