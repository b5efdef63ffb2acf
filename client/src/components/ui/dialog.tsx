// Dialogs: Radix Dialog (focus trap, scroll lock, portal, Escape, aria wiring) with the app's
// styles. Dialog, DialogTrigger and DialogClose are Radix's own parts; the rest add classes and,
// for DialogContent, the overlay, the portal, the close button and focus return (below).
// ConfirmDialog is the alert-dialog-style confirmation used for every destructive action.
import { useRef, type ComponentPropsWithoutRef, type HTMLAttributes, type ReactNode } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "./button";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Hide the top-right close button (e.g. for confirm dialogs). */
  hideClose?: boolean;
}

export function DialogContent({
  className,
  children,
  hideClose = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onSubmit,
  ...props
}: DialogContentProps) {
  // Radix gives focus back to its own DialogTrigger only. Many dialogs here are opened by other
  // controls (a table row's button, a card's action) through `open`: give focus back to whatever
  // had it when the dialog opened, as a trigger would.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] grid-cols-1 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-surface p-6 text-foreground shadow-xl focus:outline-none data-[state=open]:animate-dialog-in",
          className,
        )}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener.current;
          opener.current = null;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        // The dialog is portalled out of the DOM but not out of React's tree, where events still bubble
        // to the components that render it: a form inside the dialog must not submit a form around
        // the dialog's opener (the Forgot Password dialog opened from the login form).
        onSubmit={(event) => {
          onSubmit?.(event);
          event.stopPropagation();
        }}
        {...props}
      >
        {children}
        {!hideClose && (
          <DialogCloseButton
            label="Close"
            className="size-8 cursor-pointer text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-ring"
            iconClassName="size-4"
          />
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The top-right ✕ of a dialog or drawer: closes it; `label` is its accessible name. */
export function DialogCloseButton({ label, className, iconClassName }: { label: string; className: string; iconClassName: string }) {
  return (
    <DialogPrimitive.Close
      className={cn("absolute right-3 top-3 inline-flex items-center justify-center rounded-md focus-visible:outline-2", className)}
      aria-label={label}
    >
      <X className={iconClassName} aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 pr-6 text-left", className)} {...props} />;
}

/**
 * The dialog's buttons. A dialog taller than the screen scrolls; its buttons stay in view at its
 * bottom edge (sticky), so Submit is never scrolled away on a phone. The negative margins and
 * bottom offset undo the dialog's p-6, so the bar covers the content scrolling under it.
 */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col-reverse gap-2 border-t border-border bg-surface px-6 py-4 sm:flex-row sm:justify-end",
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentPropsWithoutRef<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentPropsWithoutRef<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content between the description and the buttons (e.g. a reason textarea). */
  children?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  destructive?: boolean;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  pending?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
}

/** An alert-dialog style confirmation built on Dialog (role="alertdialog", no outside-click close). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  destructive = false,
  pending = false,
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        hideClose
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader className="pr-0">
          <DialogTitle>{title}</DialogTitle>
          {description ? (
            <DialogDescription>{description}</DialogDescription>
          ) : (
            <DialogDescription className="sr-only">Please confirm this action.</DialogDescription>
          )}
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button
            variant={destructive ? "destructive" : "default"}
            loading={pending}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
