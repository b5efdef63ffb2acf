import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";

export interface SpinnerProps {
  className?: string;
  /** Announced to screen readers. */
  label?: string;
  size?: "sm" | "md" | "lg";
}

const sizes = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

const BASE = "inline-flex items-center justify-center text-primary";

export function Spinner({ className, label = "Loading", size = "md" }: SpinnerProps) {
  // The page spinner is the app's first render: without a className it needs no class merging,
  // whose first use is costly (see prepareClassMerge in lib/utils.ts).
  return (
    <span role="status" className={className ? cn(BASE, className) : BASE}>
      <Loader2 className={`animate-spin ${sizes[size]}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centered in the available area (page-level loading). */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
