// Registers the service worker (client/src/sw.ts) in production builds, after the page has loaded
// (the first screen never waits for it), and offers each new version once it is ready
// (docs/decisions/034-installable-app-and-offline-shell.md). `npm run dev` registers nothing.
import { toast } from "@/components/ui/toast";

export const SERVICE_WORKER_URL = "/sw.js";

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // Opened offline, the worker already installed still serves the page; registering (which checks
  // the server for a new worker) waits for the connection.
  const start = () => {
    if (navigator.onLine) void register();
    else window.addEventListener("online", () => void register(), { once: true });
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

async function register(): Promise<void> {
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox(SERVICE_WORKER_URL);
  // A new build's worker has installed (its shell is cached) and waits for this page's version to
  // let go. Also fired at registration when one was already waiting from an earlier visit.
  wb.addEventListener("waiting", () => {
    toast({
      title: "A new version is ready",
      description: "Reload to use it.",
      duration: Infinity,
      action: {
        label: "Reload",
        altText: "Reload the page to use the new version",
        onClick: () => wb.messageSkipWaiting(),
      },
    });
  });
  // The new worker took over (Reload here, or in another tab of the app): reload onto its shell, as
  // this page's code may ask for chunks of the old build that the new cache no longer holds.
  wb.addEventListener("controlling", (event) => {
    if (event.isUpdate) window.location.reload();
  });
  try {
    await wb.register();
  } catch {
    // No worker (a private window, storage refused): the app works online as before.
  }
}
