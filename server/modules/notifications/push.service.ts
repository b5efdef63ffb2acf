// Push on this device (docs/product.md, "Push notifications"; docs/decisions/035-web-push.md): the
// server's VAPID public key, and a member's browser subscriptions. Deliveries are in push-delivery.ts.
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { pushDeliveries, pushSubscriptions } from "@shared/schema";
import type { PushPublicKey, PushSubscriptionResult } from "@shared/types/push";
import type { PushSubscriptionInput, PushUnsubscribeInput } from "@shared/validators/push";
import { isPushEndpoint, PUSH_ENDPOINT_MESSAGE } from "@shared/validators/url";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";

export const PUSH_UNAVAILABLE_MESSAGE = "Push notifications are not available on this server.";
/** Devices kept per member: a new one beyond this replaces the member's oldest. */
export const PUSH_DEVICES_MAX = 10;
const TITLE = "Push Notifications";

const unavailable = () => new AppError(404, PUSH_UNAVAILABLE_MESSAGE, { title: TITLE, code: "push_unavailable" });

/** GET /api/push/public-key: the key browsers subscribe with; 404 when push is off (no VAPID keys). */
export async function getPushPublicKey(deps: Deps<"pushDelivery">): Promise<PushPublicKey> {
  const publicKey = deps.pushDelivery.publicKey;
  if (!publicKey) throw unavailable();
  return { publicKey };
}

/**
 * POST /api/push/subscriptions: this browser's subscription, for the signed-in member. A browser
 * has one subscription per site: if another member subscribed it before (a shared device), it is
 * now this member's, and the pushes still queued for the other member are dropped, never shown here.
 */
export async function savePushSubscription(
  deps: Deps<"db" | "env" | "logger" | "pushDelivery">,
  input: PushSubscriptionInput & { actor: Pick<Actor, "id"> },
): Promise<PushSubscriptionResult> {
  if (!deps.pushDelivery.publicKey) throw unavailable();
  // Tests run a stand-in push service on 127.0.0.1 over http; everywhere else, public https only,
  // and the push services the operator named (PUSH_SERVICE_ORIGINS).
  if (!isPushEndpoint(input.endpoint, { allowLocal: deps.env.NODE_ENV === "test", origins: deps.env.PUSH_SERVICE_ORIGINS }))
    throw new AppError(400, PUSH_ENDPOINT_MESSAGE, { title: TITLE, fields: { endpoint: PUSH_ENDPOINT_MESSAGE } });
  const userId = input.actor.id;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)).for("update");
    if (before && before.userId !== userId) await tx.delete(pushDeliveries).where(eq(pushDeliveries.subscriptionId, before.id));
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth } });
    const mine = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const extra = mine.slice(0, Math.max(0, mine.length - PUSH_DEVICES_MAX)).map((r) => r.id);
    if (extra.length > 0) await tx.delete(pushSubscriptions).where(and(inArray(pushSubscriptions.id, extra), ne(pushSubscriptions.endpoint, input.endpoint)));
  });
  deps.logger.info({ event: "push.subscribed", userId }, "push turned on for a device");
  return { subscribed: true };
}

/** DELETE /api/push/subscriptions: turns push off for this browser (the member's own only; others' are left). */
export async function deletePushSubscription(
  deps: Deps<"db" | "logger">,
  input: PushUnsubscribeInput & { actor: Pick<Actor, "id"> },
): Promise<PushSubscriptionResult> {
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, input.actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length > 0) deps.logger.info({ event: "push.unsubscribed", userId: input.actor.id }, "push turned off for a device");
  return { subscribed: false };
}
