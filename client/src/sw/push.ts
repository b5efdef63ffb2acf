// The service worker's push handlers (docs/product.md, "Push notifications"; decision 035). The
// worker (client/src/sw.ts) calls registerPushHandlers(self) once.
//   push              → a notification with the message's title and text; its link rides along.
//   notificationclick → focuses a tab of the app (navigated to the link) or opens the link.
// Only links of this site are followed: a message whose link points elsewhere opens the home page.
import type { PushPayload } from "@shared/types/push";

const FALLBACK_TITLE = "Doubles Ladder";

/** The message's payload, or a plain one when it is not ours (a test push from the browser's tools). */
export function readPayload(data: { json(): unknown; text(): string } | null): PushPayload {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    value = { body: data?.text() ?? "" };
  }
  const v = (value && typeof value === "object" ? value : {}) as Partial<Record<keyof PushPayload, unknown>>;
  return {
    title: typeof v.title === "string" && v.title ? v.title : FALLBACK_TITLE,
    body: typeof v.body === "string" ? v.body : "",
    link: typeof v.link === "string" ? v.link : "/",
  };
}

/** The absolute URL to open for `link`: same origin only (else the app's home). */
export function sameOriginUrl(link: string, origin: string): string {
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export function registerPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener("push", (event: PushEvent) => {
    const payload = readPayload(event.data);
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        data: { link: payload.link },
        // One per screen: a newer message about the same screen replaces the older one.
        tag: payload.link,
      }),
    );
  });

  scope.addEventListener("notificationclick", (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { link?: unknown } | null;
    const url = sameOriginUrl(typeof data?.link === "string" ? data.link : "/", scope.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
        if (open) {
          const focused = await open.focus();
          await focused.navigate(url).catch(() => undefined);
          return;
        }
        await scope.clients.openWindow(url);
      })(),
    );
  });
}
