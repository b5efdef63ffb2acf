// A member's notifications: GET /api/notifications (own only, newest first, page/limit),
// POST /api/notifications/read ({ ids } or { all: true }), the member's email switches
// (GET/PUT /api/notifications/preferences) and the one-click unsubscribe link
// (GET shows, POST turns the category off: /api/unsubscribe/{token}, no sign-in).
import type { Router } from "express";
import {
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  unsubscribeParamsSchema,
} from "@shared/validators/notifications";
import {
  notificationPreferencesAnswerSchema,
  notificationsPageSchema,
  notificationsReadResultSchema,
  unsubscribeViewSchema,
} from "@shared/types/notifications";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { apiRouter, ownChange, ownListRead, ownRead, tokenRead } from "../../lib/route";
import {
  getNotificationPreferences,
  listNotifications,
  markNotificationsRead,
  unsubscribeByLink,
  updateNotificationPreferences,
  viewUnsubscribeLink,
} from "./notifications.service";
import { requestLog } from "../../middleware/request-context";

export function notificationsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  ownListRead(route, deps, "/notifications", "signedIn", notificationsQuerySchema, "cached", listNotifications, notificationsPageSchema);

  route({
    method: "post",
    path: "/notifications/read",
    guard: "signedIn",
    body: notificationsReadSchema,
    response: notificationsReadResultSchema,
    handler: async (req, res, { body }) => {
      res.json(await markNotificationsRead(deps, { read: body, actor: currentUser(req) }));
    },
  });

  ownRead(route, deps, "/notifications/preferences", "signedIn", getNotificationPreferences, notificationPreferencesAnswerSchema);

  ownChange(route, deps, "put", "/notifications/preferences", "signedIn", notificationPreferencesSchema, "Failed to Save Notification Settings", updateNotificationPreferences, notificationPreferencesAnswerSchema);

  // One-click unsubscribe (RFC 8058). GET only reads (mail scanners open links); POST, from the
  // confirm page or straight from the mail provider (List-Unsubscribe-Post), turns the category off.
  tokenRead(route, deps, "/unsubscribe/:token", unsubscribeParamsSchema, viewUnsubscribeLink, unsubscribeViewSchema, "Unsubscribe Failed");

  route({
    method: "post",
    path: "/unsubscribe/:token",
    guard: "token",
    params: unsubscribeParamsSchema,
    body: "oneClick",
    errorTitle: "Unsubscribe Failed",
    response: unsubscribeViewSchema,
    handler: async (req, res, { params }) => {
      res.json(await unsubscribeByLink({ ...deps, logger: requestLog(req) }, { token: params.token }));
    },
  });

  return router;
}
