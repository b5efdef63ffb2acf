import { Badge, type BadgeProps } from "./badge";

/** A team's standing as the lists show it: approved and playing, awaiting approval, or suspended. */
export type TeamStatus = "Active" | "Pending" | "Suspended";

const VARIANT: Record<TeamStatus, NonNullable<BadgeProps["variant"]>> = {
  Active: "success",
  Pending: "warning",
  Suspended: "destructive",
};

export function TeamStatusBadge({ status, className }: { status: TeamStatus; className?: string }) {
  return (
    <Badge variant={VARIANT[status]} className={className}>
      {status}
    </Badge>
  );
}
