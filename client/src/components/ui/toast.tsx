// The toast API every feature uses: `toast({ title, description, variant, duration })`.
// This file stays light (no Radix); the renderer is loaded on the first toast.
import { lazy, Suspense, useSyncExternalStore } from "react";
import { hasToasts, subscribeToasts } from "./use-toast";

export { toast, useToast, dismissToast } from "./use-toast";
export type { ToastOptions, ToastVariant, ToastItem } from "./use-toast";

const RadixToaster = lazy(() => import("./toaster"));

/** Mount once (AppProvider). Stays empty until the first toast, then renders Radix Toast. */
export function Toaster() {
  const needed = useSyncExternalStore(subscribeToasts, hasToasts, hasToasts);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
