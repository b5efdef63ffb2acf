// The phone drawer of AppLayout (Radix Dialog). Its own chunk, loaded the first time the menu
// opens, so signed-in pages do not load Radix Dialog (focus trap, scroll lock) up front.
import type { ReactNode, RefObject } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { DialogCloseButton } from "@/components/ui/dialog";

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the drawer closes. */
  returnFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export default function MobileMenu({ id, open, onOpenChange, returnFocus, children }: MobileMenuProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/60 data-[state=open]:animate-fade-in md:hidden" />
        <DialogPrimitive.Content
          id={id}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl focus:outline-none data-[state=open]:animate-drawer-in md:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The menu button is not a Radix Trigger: give it focus back ourselves.
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          {children}
          <DialogCloseButton label="Close menu" className="size-10 text-white hover:bg-white/10 focus-visible:outline-white" iconClassName="size-5" />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
