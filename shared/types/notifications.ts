// GET /api/notifications and POST /api/notifications/read (docs/product.md, "Events and notifications").

export interface NotificationItem {
  id: number;
  /** The event, e.g. "challenge.received". */
  type: string;
  text: string;
  /** The app path where the member acts. */
  link: string;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationsPage {
  items: NotificationItem[];
  unreadCount: number;
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface NotificationsReadResult {
  updated: number;
  unreadCount: number;
}
