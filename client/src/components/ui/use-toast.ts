// A tiny toast store (no React state library): at most TOAST_LIMIT toasts; a dismissed toast is
// closed at once and removed from memory after TOAST_REMOVE_DELAY_MS (docs/product.md, "Constants").
import { useSyncExternalStore, type ReactNode } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "@shared/constants";

export type ToastVariant = "default" | "destructive" | "success";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds on screen; defaults to TOAST_DURATION_MS (set on the provider). Infinity: until closed. */
  duration?: number;
  /** One button in the toast (e.g. "Reload"); `altText` says how to do the same without it (Radix Toast). */
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  const targets = id ? [id] : toasts.map((t) => t.id);
  targets.forEach(scheduleRemoval);
  emit(toasts.map((t) => (targets.includes(t.id) ? { ...t, open: false } : t)));
}

export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { ...options, id, open: true };
  everShown = true;
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => toasts;

let everShown = false;
/** True once any toast was shown (the renderer then stays mounted). */
export const hasToasts = () => everShown;
export const subscribeToasts = subscribe;

export function useToast() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
