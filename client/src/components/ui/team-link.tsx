import type { ReactNode } from "react";
import { Link } from "wouter";
import { cn } from "@/lib/utils";

/** The address of a team's profile: `/teams/{id}` (the user's own team opens as My Profile). */
export const teamPath = (teamId: number): string => `/teams/${teamId}`;

/**
 * A team's name as a link to its profile (docs/product.md#team-profile-page). The name keeps its
 * own look; the link shows on hover and focus. Without a team id (a deleted team seen by a member)
 * the name is plain text.
 */
export function TeamLink({ teamId, children, className }: { teamId: number | null | undefined; children: ReactNode; className?: string }) {
  if (!teamId) return <>{children}</>;
  return (
    <Link
      href={teamPath(teamId)}
      className={cn(
        "block min-w-0 rounded-sm underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </Link>
  );
}
