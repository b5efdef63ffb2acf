// GET /api/notifications and POST /api/notifications/read (docs/product.md, "Events and notifications").
import type { Page } from "../paging";

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

/** One page of the member's notifications (newest first) and how many of all of them are unread. */
export interface NotificationsPage extends Page<NotificationItem> {
  unreadCount: number;
}

export interface NotificationsReadResult {
  updated: number;
  unreadCount: number;
}
