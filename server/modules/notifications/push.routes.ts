// Push on this device (docs/product.md, "Push notifications"): GET /api/push/public-key (the VAPID
// key browsers subscribe with; 404 when push is off), POST and DELETE /api/push/subscriptions (this
// browser's subscription, the signed-in member's own).
import type { Router } from "express";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@shared/validators/push";
import { pushPublicKeySchema, pushSubscriptionResultSchema } from "@shared/types/push";
import type { AppDeps } from "../../deps";
import { apiRouter, ownChange, uncachedRead } from "../../lib/route";
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from "./push.service";

export function pushRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  uncachedRead(route, deps, "/push/public-key", "signedIn", getPushPublicKey, pushPublicKeySchema);

  ownChange(route, deps, "post", "/push/subscriptions", "signedIn", pushSubscriptionSchema, "Failed to Turn Push On", savePushSubscription, pushSubscriptionResultSchema);
  ownChange(route, deps, "delete", "/push/subscriptions", "signedIn", pushUnsubscribeSchema, "Failed to Turn Push Off", deletePushSubscription, pushSubscriptionResultSchema);

  return router;
}
