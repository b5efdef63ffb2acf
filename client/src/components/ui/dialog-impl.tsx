// The Radix side of <DialogContent>, loaded the first time a dialog opens (see dialog.tsx).
import type { RefObject } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import type { DialogContentProps } from "./dialog";
import { DialogImplContext, type DialogImplParts } from "./dialog-context";

const parts: DialogImplParts = { Title: DialogPrimitive.Title, Description: DialogPrimitive.Description };

export default function DialogImpl({
  open,
  onOpenChange,
  returnFocus,
  className,
  children,
  hideClose = false,
  onCloseAutoFocus,
  ...props
}: DialogContentProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px] data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className={cn(
            "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-surface p-6 text-foreground shadow-xl focus:outline-none data-[state=open]:animate-dialog-in",
            className,
          )}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            // Our trigger is not a Radix Trigger: give focus back to what opened the dialog.
            event.preventDefault();
            const target = returnFocus.current;
            if (target && target.isConnected) target.focus();
          }}
          {...props}
        >
          <DialogImplContext.Provider value={parts}>{children}</DialogImplContext.Provider>
          {!hideClose && (
            <DialogPrimitive.Close
              className="absolute right-3 top-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
