import type { ReactNode } from "react";
import { Hourglass, Info, type LucideIcon } from "lucide-react";
import type { CurrentUser } from "@shared/api";
import { cn } from "@/lib/utils";

/** The tones of a notice and of a page-wide banner (banner.tsx). */
export const TONES = {
  info: "border-primary/20 bg-primary-soft text-primary-text",
  warning: "border-warning-border bg-warning-soft text-warning-text",
} as const;

/** A boxed note on a page: what the user should know before using it (role="note"). */
export function Notice({
  tone = "info",
  icon: Icon = Info,
  title,
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  icon?: LucideIcon;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex items-start gap-3 rounded-lg border p-4 text-sm", TONES[tone], className)} role="note">
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}

/** A member of a team an admin has not approved yet: may look around, may not challenge or be challenged. */
export function isAwaitingApproval(user: CurrentUser | null | undefined): boolean {
  return Boolean(user && !user.isAdmin && user.teamId !== null && !user.isApproved);
}

/** Home and Challenge Teams: the team waits for an admin's approval (shown only while it does). */
export function AwaitingApprovalNotice({ user, className }: { user: CurrentUser | null | undefined; className?: string }) {
  if (!isAwaitingApproval(user)) return null;
  return (
    <Notice tone="warning" icon={Hourglass} title="Your team is awaiting approval" className={className}>
      An administrator approves every new team. Until then you can look around the ladder, but your team cannot challenge other
      teams or be challenged. We will email you when it is approved.
    </Notice>
  );
}
