// Push on this device (docs/product.md, "Push notifications"): the server's VAPID key
// (GET /api/push/public-key; null when push is off on the server), whether this browser can take push
// and is subscribed, and turning it on (permission → PushManager.subscribe on the service worker →
// POST /api/push/subscriptions) or off (DELETE, then unsubscribe the browser).
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushPublicKey, PushSubscriptionResult } from "@shared/types/push";
import { ApiError, api } from "@/lib/api-client";
import { useMutation } from "@/lib/mutation";
import { pushSubscriptionHere, turnPushOffHere } from "@/lib/push-here";
import { notificationKeys } from "./keys";

export const PUSH_BLOCKED_MESSAGE = "Notifications are blocked for this site in the browser's settings.";

/** The browser can receive push: a service worker and the Push API (not e.g. iOS Safari outside a home-screen app). */
export function browserHasPush(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof window !== "undefined" && "PushManager" in window && "Notification" in window;
}

export const pushPublicKeyQueryOptions = queryOptions({
  queryKey: notificationKeys.pushKey(),
  queryFn: async (): Promise<string | null> => {
    try {
      return (await api.get<PushPublicKey>("/api/push/public-key")).publicKey;
    } catch (err) {
      if (err instanceof ApiError && err.code === "push_unavailable") return null;
      throw err;
    }
  },
  staleTime: Infinity,
});

export const pushDeviceQueryOptions = queryOptions({
  queryKey: notificationKeys.pushDevice(),
  queryFn: async () => ({ on: (await pushSubscriptionHere()) !== null, permission: Notification.permission }),
});

/** The key as the bytes PushManager.subscribe wants. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64Url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The switch's data: shown only when the browser can take push and the server has a key. */
export function usePushDevice() {
  const supported = browserHasPush();
  const key = useQuery({ ...pushPublicKeyQueryOptions, enabled: supported });
  const device = useQuery({ ...pushDeviceQueryOptions, enabled: supported && Boolean(key.data) });
  return { supported, key, device, available: supported && Boolean(key.data) };
}

export function useSetPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ on, publicKey }: { on: boolean; publicKey: string }): Promise<PushSubscriptionResult> => {
      if (!on) {
        await turnPushOffHere();
        return { subscribed: false };
      }
      const permission = await Notification.requestPermission();
      if (permission !== "granted") throw new Error(PUSH_BLOCKED_MESSAGE);
      const registration = await navigator.serviceWorker.ready;
      const sub =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      return api.post<PushSubscriptionResult>("/api/push/subscriptions", sub.toJSON());
    },
    // Saved: the switch shows the new state at once; the refresh then reads it back from the browser.
    onSuccess: (_result, { on }) => queryClient.setQueryData(pushDeviceQueryOptions.queryKey, { on, permission: Notification.permission }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDeviceQueryOptions.queryKey }),
  });
}
