// This browser's push subscription (docs/product.md, "Push notifications"): read from the registered
// service worker, and turned off — on the server first, then in the browser. Used by the switch
// (features/notifications/api/push-device.ts) and by logout, which turns push off on this device.
import { api } from "./api-client";

/** This browser's subscription, or null (no Push API, no worker registered, or push off here). */
export async function pushSubscriptionHere(): Promise<PushSubscription | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/** Turns push off here: DELETE /api/push/subscriptions for this endpoint, then the browser's unsubscribe. */
export async function turnPushOffHere(): Promise<void> {
  const sub = await pushSubscriptionHere();
  if (!sub) return;
  await api.delete("/api/push/subscriptions", { endpoint: sub.endpoint });
  await sub.unsubscribe();
}
