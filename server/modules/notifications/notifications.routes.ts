// A member's notifications: GET /api/notifications (own only, newest first, paged by cursor) and
// POST /api/notifications/read ({ ids } or { all: true }).
import { Router } from "express";
import { notificationsQuerySchema, notificationsReadSchema } from "@shared/validators/notifications";
import type { AppDeps } from "../../deps";
import { currentUser, requireAuth } from "../../middleware/auth";
import { input, validate } from "../../middleware/validate";
import { listNotifications, markNotificationsRead } from "./notifications.service";

export function notificationsRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/notifications", requireAuth, validate({ query: notificationsQuerySchema }), async (req, res) => {
    res.json(await listNotifications({ db: deps.db, userId: currentUser(req).id, query: input(req.valid.query, notificationsQuerySchema) }));
  });
  router.post("/notifications/read", requireAuth, validate({ body: notificationsReadSchema }), async (req, res) => {
    res.json(await markNotificationsRead({ db: deps.db, userId: currentUser(req).id, input: input(req.valid.body, notificationsReadSchema) }));
  });
  return router;
}
