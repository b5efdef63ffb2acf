// One of a few views of a list (Match History's All / My Matches, My Challenges' Open / Past):
// toggle buttons in a group, the chosen one pressed.
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  /** What the group chooses, for screen readers ('Which matches'). */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn("inline-flex rounded-lg border border-border bg-muted p-1", className)}>
      {options.map((o) => (
        <Button
          key={o.value}
          size="sm"
          variant="ghost"
          aria-pressed={value === o.value}
          className={cn("rounded-md", value === o.value && "bg-surface shadow-sm hover:bg-surface")}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </div>
  );
}
