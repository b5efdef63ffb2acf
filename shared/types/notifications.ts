// GET /api/notifications and POST /api/notifications/read (docs/product.md, "Events and notifications"),
// the email switches, the unsubscribe link and the menu's counts: the answers' zod schemas, declared
// by the routes as `response` (docs/decisions/033-api-reference-from-zod.md), and their types.
import { z } from "zod";
import { pageSchemaOf } from "../paging";
import { EMAIL_CATEGORIES, type EmailCategory } from "../constants";

export const notificationItemSchema = z.object({
  id: z.number().int(),
  type: z.string().describe('The event, e.g. "challenge.received".'),
  text: z.string(),
  link: z.string().describe("The app path where the member acts."),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** One page of the member's notifications (newest first) and how many of all of them are unread. */
export const notificationsPageSchema = pageSchemaOf(notificationItemSchema).extend({
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const notificationsReadResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationsReadResult = z.infer<typeof notificationsReadResultSchema>;

/** Whether mail of each optional category is sent (true) to the member. */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, z.boolean()])) as Record<EmailCategory, z.ZodBoolean>,
);
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** GET/PUT /api/notifications/preferences. */
export const notificationPreferencesAnswerSchema = z.object({ email: emailPreferencesSchema });
export type NotificationPreferences = z.infer<typeof notificationPreferencesAnswerSchema>;

/** GET /api/unsubscribe/{token} (what the confirm page shows) and the POST's answer. */
export const unsubscribeViewSchema = z.object({
  category: z.enum(EMAIL_CATEGORIES),
  emailOn: z.boolean().describe("Whether that category's mail is still sent to the link's member."),
});
export type UnsubscribeView = z.infer<typeof unsubscribeViewSchema>;

/** GET /api/waiting: what waits for the member (the menu's counts); the admin counts are null for members. */
export const waitingWorkSchema = z.object({
  incomingChallenges: z.number().int().nonnegative().describe("Challenges the member's team received and must answer or play."),
  resultsToApprove: z.number().int().nonnegative().describe("Results the other team reported, waiting for the member's team's approval."),
  registrations: z.number().int().nonnegative().nullable().describe("Admins: registrations waiting for approval."),
  disputes: z.number().int().nonnegative().nullable().describe("Admins: disputes waiting for a decision."),
});
export type WaitingWork = z.infer<typeof waitingWorkSchema>;
