// Inputs of the notification endpoints.
import { z } from "zod";

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATION_READ_IDS_MAX = 200;

/** GET /api/notifications?limit=&cursor= (the cursor is the id of the last item of the page before). */
export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int("Limit must be a whole number.").min(1, "Limit must be at least 1.").max(NOTIFICATIONS_PAGE_MAX, `Limit must be at most ${NOTIFICATIONS_PAGE_MAX}.`).default(NOTIFICATIONS_PAGE_SIZE),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "Invalid cursor.")
    .optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** POST /api/notifications/read: some of the member's notifications, or all of them. */
export const notificationsReadSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1, "Choose at least one notification.").max(NOTIFICATION_READ_IDS_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type NotificationsReadInput = z.infer<typeof notificationsReadSchema>;
