// Inputs of the notification endpoints.
import { z } from "zod";
import { pageQuerySchema } from "../paging";
import { idsOrAllSchema } from "./selection";
import { EMAIL_CATEGORIES, NOTIFICATIONS_PAGE_SIZE, type EmailCategory } from "../constants";

export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATION_READ_IDS_MAX = 200;

/** GET /api/notifications?page=&limit= (the one paging shape, shared/paging.ts). */
export const notificationsQuerySchema = pageQuerySchema({ defaultLimit: NOTIFICATIONS_PAGE_SIZE, maxLimit: NOTIFICATIONS_PAGE_MAX });
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** POST /api/notifications/read: some of the member's notifications, or all of them. */
export const notificationsReadSchema = idsOrAllSchema({ max: NOTIFICATION_READ_IDS_MAX, noneChosen: "Choose at least one notification." });
export type NotificationsReadInput = z.infer<typeof notificationsReadSchema>;

/**
 * PUT /api/notifications/preferences: the email categories to turn on (true) or off (false); those
 * not named stay as they are. Account mail has no switch (docs/product.md, "Notification emails").
 */
export const notificationPreferencesSchema = z.strictObject({
  email: z
    .strictObject(Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, z.boolean({ error: "Choose on or off." }).optional()])) as Record<EmailCategory, z.ZodOptional<z.ZodBoolean>>, {
      error: "Choose at least one email category.",
    })
    .refine((email) => Object.values(email).some((v) => v !== undefined), "Choose at least one email category."),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

/** `<member id>.<category>.<signature>` (server/mail/unsubscribe.ts signs and checks it). */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^(\d{1,10})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/;
export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid. You can turn emails off under My Profile → Notifications.";

/** GET and POST /api/unsubscribe/{token}. */
export const unsubscribeParamsSchema = z.object({ token: z.string().regex(UNSUBSCRIBE_TOKEN_PATTERN, UNSUBSCRIBE_LINK_INVALID) });
