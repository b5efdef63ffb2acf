import { forwardRef, type SelectHTMLAttributes } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/utils";

/** A styled native <select>: accessible and phone-friendly by default. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function Select({ className, children, ...props }, ref) {
    return (
      <div className={cn("relative", className)}>
        <select
          ref={ref}
          className="flex h-10 w-full cursor-pointer appearance-none rounded-md border border-input bg-surface py-2 pl-3 pr-9 text-sm text-foreground shadow-xs focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring focus-visible:border-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive"
          {...props}
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
      </div>
    );
  },
);

/** A <Select>'s options, one a value, shown as its label (default: the value itself). */
export function Options<V extends string>({ values, labels }: { values: readonly V[]; labels?: Record<V, string> }) {
  return values.map((v) => (
    <option key={v} value={v}>
      {labels ? labels[v] : v}
    </option>
  ));
}
