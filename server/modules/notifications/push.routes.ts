// Push on this device (docs/product.md, "Push notifications"): GET /api/push/public-key (the VAPID
// key browsers subscribe with; 404 when push is off), POST and DELETE /api/push/subscriptions (this
// browser's subscription, the signed-in member's own).
import type { Router } from "express";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@shared/validators/push";
import { pushPublicKeySchema, pushSubscriptionResultSchema } from "@shared/types/push";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { apiRouter, uncachedRead } from "../../lib/route";
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from "./push.service";

export function pushRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  uncachedRead(route, deps, "/push/public-key", "signedIn", getPushPublicKey, pushPublicKeySchema);

  route({
    method: "post",
    path: "/push/subscriptions",
    guard: "signedIn",
    body: pushSubscriptionSchema,
    errorTitle: "Failed to Turn Push On",
    response: pushSubscriptionResultSchema,
    handler: async (req, res, { body }) => {
      res.json(await savePushSubscription({ ...deps, logger: req.log }, { ...body, actor: currentUser(req) }));
    },
  });

  route({
    method: "delete",
    path: "/push/subscriptions",
    guard: "signedIn",
    body: pushUnsubscribeSchema,
    errorTitle: "Failed to Turn Push Off",
    response: pushSubscriptionResultSchema,
    handler: async (req, res, { body }) => {
      res.json(await deletePushSubscription({ ...deps, logger: req.log }, { ...body, actor: currentUser(req) }));
    },
  });

  return router;
}
