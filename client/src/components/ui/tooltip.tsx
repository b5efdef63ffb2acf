import { createContext, useContext, type ComponentPropsWithoutRef, type ReactNode } from "react";
import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@shared/constants";
import { cn } from "@/lib/utils";

const HasProvider = createContext(false);

/**
 * The tooltip provider with the product's delays (docs/product.md, "Constants"): mount it around a group of tooltips (e.g. a table's
 * rows) so that after one closes the next opens without the delay. It is deliberately not mounted
 * app-wide (AppProvider or AppLayout): that would load Radix Tooltip + floating-ui on every page.
 * A Tooltip rendered outside one brings its own.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <HasProvider.Provider value={true}>{children}</HasProvider.Provider>
    </TooltipPrimitive.Provider>
  );
}

export function Tooltip(props: ComponentPropsWithoutRef<typeof TooltipPrimitive.Root>) {
  const hasProvider = useContext(HasProvider);
  const root = <TooltipPrimitive.Root {...props} />;
  return hasProvider ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: ComponentPropsWithoutRef<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md data-[state=delayed-open]:animate-fade-in",
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-slate-900" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

/**
 * Tooltip around one focusable child. A disabled <button> gets no pointer events, so wrap it in a
 * <span tabIndex={0}> to still explain why it is disabled.
 */
export function SimpleTooltip({
  content,
  children,
  side,
}: {
  content: ReactNode;
  children: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side}>{content}</TooltipContent>
    </Tooltip>
  );
}
