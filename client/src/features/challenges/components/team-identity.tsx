import type { MemberRef } from "@shared/types/common";
import { Avatar } from "@/components/ui/avatar";
import { ClampedText } from "@/components/ui/clamped-text";
import { TeamLink } from "@/components/ui/team-link";
import { cn } from "@/lib/utils";

/** Avatar (initials fallback), team name (two lines at most, a link to its profile) and member names (one line). */
export function TeamIdentity({
  teamId,
  name,
  avatar,
  members,
  className,
  size = "md",
}: {
  teamId: number;
  name: string;
  avatar: string | null;
  members: MemberRef[];
  className?: string;
  size?: "sm" | "md";
}) {
  const memberNames = members.map((m) => m.name).join(" & ");
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <Avatar name={name} src={avatar} size={size} />
      <div className="min-w-0">
        <TeamLink teamId={teamId}>
          <ClampedText lines={2} className="font-semibold text-foreground">
            {name}
          </ClampedText>
        </TeamLink>
        <ClampedText as="p" lines={1} className="text-xs text-muted-foreground">
          {memberNames || "No members"}
        </ClampedText>
      </div>
    </div>
  );
}
