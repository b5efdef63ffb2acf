import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "@shared/constants";
import { cn } from "@/lib/utils";
import { dismissToast, useToast, type ToastVariant } from "./use-toast";

const variantClasses: Record<ToastVariant, string> = {
  default: "border-border bg-surface text-foreground",
  success: "border-success-border bg-success-soft text-success-text",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

/**
 * Renders the toast store through Radix Toast with the product's limits (docs/product.md, "Constants"). Loaded lazily by <Toaster>
 * (toast.tsx) the first time a toast is shown, so the first screen does not pay for Radix Toast.
 */
export default function RadixToaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant = "default", duration, open, action }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
            "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out",
            variantClasses[variant],
          )}
        >
          {variant === "success" && <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}
          {variant === "destructive" && <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}
          <div className="grid min-w-0 flex-1 gap-1">
            {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description && (
              <ToastPrimitive.Description className="text-sm opacity-95">{description}</ToastPrimitive.Description>
            )}
            {action && (
              <ToastPrimitive.Action
                altText={action.altText}
                onClick={action.onClick}
                className="mt-1 inline-flex h-8 w-fit cursor-pointer items-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-md opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Phones: at the top, below the top bar (its menu stays usable), where it covers no form's
          button (a form's submit sits low on a phone's screen); from 640 px at the bottom right. */}
      <ToastPrimitive.Viewport
        hotkey={[...TOAST_HOTKEY]}
        className="fixed top-14 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
