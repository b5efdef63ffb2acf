// The profile's top card: avatar, name, category, status, the four headline figures, and the
// captain's Edit Profile / Delete Team buttons.
import { Pencil, Trash2 } from "lucide-react";
import { winPercent } from "@shared/rating/read";
import type { TeamView } from "@shared/types/teams";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ClampedText } from "@/components/ui/clamped-text";
import { Card, CardContent } from "@/components/ui/card";
import { TeamStatusBadge } from "@/components/ui/team-status-badge";
import { ActivityBadges } from "@/components/ui/activity-badges";
import { ProvisionalMarker } from "@/components/ui/provisional-marker";
import { TEAM_RATING_HINT } from "@/lib/format";

export function ProfileHeader(props: { team: TeamView; isCaptain: boolean; editing: boolean; onEdit: () => void; onDelete: () => void }) {
  const { team } = props;
  const stats: { label: string; value: string; hint?: string }[] = [
    { label: "Team rating", value: String(team.meanRating), hint: TEAM_RATING_HINT },
    { label: "W-L", value: `${team.wins}-${team.losses}` },
    { label: "Win %", value: `${winPercent(team.wins, team.losses)}%` },
    { label: "Rank", value: team.rank !== null ? `#${team.rank}` : team.inactive ? "Inactive" : "N/A" },
  ];
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 pt-5 sm:pt-6 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <Avatar name={team.name} src={team.avatar} size="xl" />
          <div className="min-w-0">
            <ClampedText as="p" lines={2} className="text-2xl font-bold tracking-tight">
              {team.name}
            </ClampedText>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{team.competitionType}</Badge>
              {team.suspended ? (
                <TeamStatusBadge status="Suspended" />
              ) : team.inProgress ? (
                <Badge variant="warning">In Progress</Badge>
              ) : (
                !team.isApproved && <Badge variant="warning">Pending</Badge>
              )}
              <ActivityBadges inactive={team.inactive} awayUntil={team.awayUntil} />
            </div>
          </div>
        </div>
        <dl className="grid grid-cols-4 gap-2 text-center md:gap-6">
          {stats.map((s) => (
            <div key={s.label} title={s.hint}>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{s.label}</dt>
              <dd className="whitespace-nowrap text-lg font-bold tabular-nums sm:text-xl">{s.value}</dd>
              {s.label === "Team rating" && (
                <dd>
                  <ProvisionalMarker played={team.wins + team.losses} scope="overall" />
                </dd>
              )}
            </div>
          ))}
        </dl>
        {props.isCaptain && !props.editing && (
          <div className="flex flex-wrap gap-2 md:flex-col">
            <Button variant="outline" onClick={props.onEdit} className="flex-1">
              <Pencil aria-hidden="true" /> Edit Profile
            </Button>
            <Button variant="destructive" onClick={props.onDelete} className="flex-1">
              <Trash2 aria-hidden="true" /> Delete Team
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
