import type { ChallengeMemberView } from "@shared/types/challenges";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

/** Avatar (initials fallback), team name and member names. */
export function TeamIdentity({
  name,
  avatar,
  members,
  className,
  size = "md",
}: {
  name: string;
  avatar: string | null;
  members: ChallengeMemberView[];
  className?: string;
  size?: "sm" | "md";
}) {
  const memberNames = members.map((m) => m.name).join(" & ");
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <Avatar name={name} src={avatar} size={size} />
      <div className="min-w-0">
        <p className="truncate font-semibold text-foreground">{name}</p>
        <p className="truncate text-xs text-muted-foreground">{memberNames || "No members"}</p>
      </div>
    </div>
  );
}
