// GET /api/notifications and POST /api/notifications/read (docs/product.md, "Events and notifications").
import type { Page } from "../paging";
import type { EmailCategory } from "../constants";

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

/** Whether mail of each optional category is sent (true) to the member. */
export type EmailPreferences = Record<EmailCategory, boolean>;

/** GET/PUT /api/notifications/preferences. */
export interface NotificationPreferences {
  email: EmailPreferences;
}

/** GET /api/unsubscribe/{token} (what the confirm page shows) and the POST's answer. */
export interface UnsubscribeView {
  category: EmailCategory;
  /** Whether that category's mail is still sent to the link's member. */
  emailOn: boolean;
}

/** GET /api/waiting: what waits for the member (the menu's counts); the admin counts are null for members. */
export interface WaitingWork {
  /** Challenges the member's team received and must answer or play. */
  incomingChallenges: number;
  /** Results the other team reported, waiting for the member's team's approval. */
  resultsToApprove: number;
  /** Admins: registrations waiting for approval. */
  registrations: number | null;
  /** Admins: disputes waiting for a decision. */
  disputes: number | null;
}
