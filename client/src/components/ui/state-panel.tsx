import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

// The centred panel an empty list or a load error shows in place of its content (docs/product.md,
// "Load errors and empty states"): EmptyState and ErrorState, one layout in two tones.
const TONES = {
  empty: {
    panel: "border-dashed border-border-strong py-10",
    icon: "size-8 text-muted-foreground",
    title: "text-foreground",
    description: "text-muted-foreground",
  },
  error: {
    panel: "border-destructive-border bg-destructive-soft py-8",
    icon: "size-7 text-destructive-text",
    title: "text-destructive-text",
    description: "text-foreground",
  },
} as const;

export interface StatePanelProps {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function StatePanel({ tone, icon: Icon, title, description, action, className }: StatePanelProps) {
  const t = TONES[tone];
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      className={cn("flex flex-col items-center justify-center gap-2 rounded-lg border px-6 text-center", t.panel, className)}
    >
      <Icon className={t.icon} aria-hidden="true" />
      <p className={cn("font-medium", t.title)}>{title}</p>
      {description && <p className={cn("max-w-md text-sm", t.description)}>{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
