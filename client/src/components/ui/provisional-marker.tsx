// The "Provisional" marker next to a rating (docs/product.md, "Provisional ratings"): the team has
// fewer than PROVISIONAL_MATCHES confirmed matches there. Its explanation opens on hover and on
// keyboard focus (a Radix tooltip on a button), and is part of its accessible name.
import { PROVISIONAL_MATCHES } from "@shared/constants";
import { isProvisional } from "@shared/rating/read";
import { cn } from "@/lib/utils";
import { SimpleTooltip } from "./tooltip";

/** Where the matches were counted: on one surface, or in total (the overall rating). */
export type ProvisionalScope = "surface" | "overall";

export function provisionalHint(scope: ProvisionalScope): string {
  const where = scope === "surface" ? "on this surface" : "in total";
  return `Fewer than ${PROVISIONAL_MATCHES} confirmed matches ${where}: this rating can still move a lot.`;
}

/** Renders nothing once the team has played enough there. */
export function ProvisionalMarker({ played, scope, className }: { played: number; scope: ProvisionalScope; className?: string }) {
  if (!isProvisional(played)) return null;
  const hint = provisionalHint(scope);
  return (
    <SimpleTooltip content={hint}>
      <button
        type="button"
        aria-label={`Provisional rating. ${hint}`}
        className={cn(
          "inline-flex cursor-help items-center whitespace-nowrap rounded-full border border-dashed border-warning-text/60 bg-warning-soft px-1.5 py-px text-[0.6875rem] font-medium leading-4 text-warning-text",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          className,
        )}
      >
        Provisional
      </button>
    </SimpleTooltip>
  );
}
