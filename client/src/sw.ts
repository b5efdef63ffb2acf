// The service worker (docs/decisions/034-installable-app-and-offline-shell.md), built by
// vite-plugin-pwa's injectManifest into dist/public/sw.js. It keeps the app shell (index.html, the
// built JS and CSS, the logo and icons) so the app opens offline, and nothing else: no answer of
// /api/* is ever cached or answered from here (they are private, and always fresh from the server).
//
// Updates: a new build's worker installs beside the running one and waits; the page offers
// "A new version is ready · Reload" (client/src/app/service-worker.ts), which posts SKIP_WAITING;
// the new worker takes over and the page reloads onto the new shell.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { registerPushHandlers } from "./sw/push";

declare const self: ServiceWorkerGlobalScope;

/** Paths the worker never answers for: the API (and its live-update stream). */
const NEVER_FROM_CACHE = [/^\/api(\/|$)/];

// The built shell and static files, with their revisions (injected at build time).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// An app route opened offline (or any navigation) gets the precached index.html; the router then
// draws the page. Never for /api/* (e.g. an emailed /api link opened in the browser).
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: NEVER_FROM_CACHE }));

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (data && typeof data === "object" && (data as { type?: unknown }).type === "SKIP_WAITING") void self.skipWaiting();
});

// ── The worker's feature modules ──────────────────────────────────────────────────────────────
// Each lives in client/src/sw/<feature>.ts and exports a function that adds its own listeners
// (`push`, `notificationclick`, …) to the worker's scope. Plug one in with its import at the top of
// this file and one call here (web push: `registerPushHandlers(self)`, decision 035). A module never
// caches anything private and never answers a `fetch` of /api/* (NEVER_FROM_CACHE).
registerPushHandlers(self);
