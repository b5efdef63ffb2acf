// Inputs of the notification endpoints.
import { z } from "zod";
import { pageQuerySchema } from "../paging";
import { idsOrAllSchema } from "./selection";

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATION_READ_IDS_MAX = 200;

/** GET /api/notifications?page=&limit= (the one paging shape, shared/paging.ts). */
export const notificationsQuerySchema = pageQuerySchema({ defaultLimit: NOTIFICATIONS_PAGE_SIZE, maxLimit: NOTIFICATIONS_PAGE_MAX });
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** POST /api/notifications/read: some of the member's notifications, or all of them. */
export const notificationsReadSchema = idsOrAllSchema({ max: NOTIFICATION_READ_IDS_MAX, noneChosen: "Choose at least one notification." });
export type NotificationsReadInput = z.infer<typeof notificationsReadSchema>;
