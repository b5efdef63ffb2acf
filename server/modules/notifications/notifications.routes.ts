// A member's notifications: GET /api/notifications (own only, newest first, page/limit) and
// POST /api/notifications/read ({ ids } or { all: true }).
import type { Router } from "express";
import { notificationsQuerySchema, notificationsReadSchema } from "@shared/validators/notifications";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { apiRouter } from "../../lib/route";
import { listNotifications, markNotificationsRead } from "./notifications.service";

export function notificationsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  route({
    method: "get",
    path: "/notifications",
    guard: "signedIn",
    query: notificationsQuerySchema,
    cache: "uncached",
    handler: async (req, res, { query }) => {
      res.json(await listNotifications(deps, { ...query, actor: currentUser(req) }));
    },
  });

  route({
    method: "post",
    path: "/notifications/read",
    guard: "signedIn",
    body: notificationsReadSchema,
    handler: async (req, res, { body }) => {
      res.json(await markNotificationsRead(deps, { read: body, actor: currentUser(req) }));
    },
  });

  return router;
}
