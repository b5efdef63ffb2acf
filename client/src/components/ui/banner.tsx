import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { TONES } from "./notice";

/**
 * A full-width strip under a layout's header, above the page: what holds for the whole app right
 * now (a club break, no connection). role="status" (a screen reader reads it out), unless `live`
 * is false because it sits inside a live region of its own that stays mounted (offline-banner.tsx).
 */
export function Banner({
  tone,
  icon: Icon,
  children,
  className,
  testId,
  live = true,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  children: ReactNode;
  className?: string;
  testId?: string;
  live?: boolean;
}) {
  return (
    <div role={live ? "status" : undefined} data-testid={testId} className={cn("flex items-start gap-3 border-b px-4 py-2.5 text-sm sm:px-6", TONES[tone], className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0">{children}</p>
    </div>
  );
}
