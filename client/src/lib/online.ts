// Online or not, as the browser says (docs/decisions/034-installable-app-and-offline-shell.md).
// TanStack Query's onlineManager is the one store: while it says offline, queries and mutations
// wait (paused) instead of failing, and they run when it says online again; the offline banner
// reads the same state.
import { useSyncExternalStore } from "react";
import { onlineManager } from "@tanstack/react-query";

/**
 * Makes onlineManager start from `navigator.onLine` (its default assumes online until an `offline`
 * event), so an app opened without a connection waits instead of failing its first calls. Called
 * once by main.tsx, before the first query.
 */
export function followBrowserOnlineState(): void {
  onlineManager.setEventListener((setOnline) => {
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    setOnline(navigator.onLine);
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  });
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the app has a connection (re-renders when it changes). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}
