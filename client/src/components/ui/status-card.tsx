// The centred card of a page that states one outcome (account pages, the unsubscribe link).
import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/utils";

const tones = {
  primary: "bg-primary-soft text-primary-text",
  success: "bg-success-soft text-success-text",
  destructive: "bg-destructive-soft text-destructive-text",
} as const;

/** The centered card of the small account pages (verification, reset, invitation). */
export function StatusCard({
  icon: Icon,
  tone = "primary",
  title,
  children,
  className,
  spin = false,
}: {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Spin the icon (a loading state). */
  spin?: boolean;
}) {
  return (
    <Card className={cn("mx-auto w-full max-w-md", className)}>
      <CardContent className="flex flex-col items-center gap-4 pt-8 text-center sm:pt-10">
        <span className={cn("flex size-14 items-center justify-center rounded-full", tones[tone])}>
          <Icon className={cn("size-7", spin && "animate-spin")} aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="grid w-full gap-4 text-sm text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}
