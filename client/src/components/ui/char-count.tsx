import { cn } from "@/lib/utils";

/**
 * A live "used/max" counter for a text box (FormField's labelAside): announced politely to screen
 * readers, and in the destructive colour once the limit is reached.
 */
export function CharCount({ value, max, className }: { value: string; max: number; className?: string }) {
  const count = value.length;
  return (
    <span
      className={cn("shrink-0 whitespace-nowrap text-xs tabular-nums text-muted-foreground", count >= max && "font-semibold text-destructive-text", className)}
      aria-live="polite"
    >
      {count}/{max}
    </span>
  );
}
