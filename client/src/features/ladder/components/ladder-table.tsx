import { memo, useState } from "react";
import { SURFACE_LADDER_TITLES, SURFACE_TABLE_TITLES, type CompetitionType, type Surface } from "@shared/constants";
import { surfaceRating, surfaceRecord } from "@shared/rating/read";
import type { TeamView } from "@shared/types/teams";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { Avatar } from "@/components/ui/avatar";
import { ClampedText } from "@/components/ui/clamped-text";
import { Pager } from "@/components/ui/pager";
import { LadderHeader, RankCell } from "@/components/ui/ladder-rank";
import { TeamLink } from "@/components/ui/team-link";
import { TeamStatusBadge } from "@/components/ui/team-status-badge";
import { ActivityBadges } from "@/components/ui/activity-badges";
import { ProvisionalMarker } from "@/components/ui/provisional-marker";
import { TooltipProvider } from "@/components/ui/tooltip";
import { formatCount } from "@/lib/format";
import { useProgressive } from "@/lib/progressive";
import { cn } from "@/lib/utils";
import { useTeams } from "../api/get-teams";
import { ladderFilter, SkeletonRows } from "./ladder-skeleton";

export const LADDER_ERROR = "Error loading ladder data. Please try again.";

export interface LadderTableProps {
  surface: Surface;
  competitionType: CompetitionType | undefined;
  /** One surface chosen: the location title ('UBC Grass Court Rankings'); all: 'Grass Court'. */
  single: boolean;
  ownTeamId: number | null;
  /** Team names link to their profiles (signed in; a visitor of the signed-out ladder cannot open them). */
  linkTeams: boolean;
}

/** The page loads this module lazily (ladder-page.tsx). */
export default function LadderTable(props: LadderTableProps) {
  // A new filter starts again at page 1.
  return <PagedLadderTable key={`${props.surface}|${props.competitionType ?? "all"}`} {...props} />;
}

function PagedLadderTable({ surface, competitionType, single, ownTeamId, linkTeams }: LadderTableProps) {
  const [page, setPage] = useState(1);
  const query = useTeams(ladderFilter(surface, competitionType, page));
  const title = single ? SURFACE_LADDER_TITLES[surface] : SURFACE_TABLE_TITLES[surface];
  const headingId = `ladder-${surface}`;
  const shown = useProgressive(query.data?.items);
  return (
    // A table below the fold is laid out and painted only when it comes near the viewport (the
    // "All" view stacks three tables: laying all out at once was the page's longest task).
    <Card aria-labelledby={headingId} role="region" className="[content-visibility:auto] [contain-intrinsic-size:auto_720px]">
      <CardHeader className="pb-3">
        <CardTitle id={headingId}>{title}</CardTitle>
        {/* Always one line: the count arriving must not push the table down (layout shift). */}
        <CardDescription>
          {query.data ? formatCount(query.data.total, "team") : "\u00a0"}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {query.isPending ? (
          <SkeletonRows />
        ) : query.isError ? (
          <div className="px-5 sm:px-6">
            <ErrorState message={LADDER_ERROR} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          </div>
        ) : query.data.items.length === 0 ? (
          <div className="px-5 sm:px-6">
            <EmptyState
              title={`No teams have played matches at ${SURFACE_LADDER_TITLES[surface].replace(/ Rankings$/, "")} yet.`}
              description="Teams appear here after their first confirmed match at this location."
            />
          </div>
        ) : (
          <Table>
            <LadderHeader members />
            <TableBody>
              <TooltipProvider>
                {shown.map((team) => (
                  <LadderRow key={team.id} team={team} surface={surface} own={team.id === ownTeamId} linkTeams={linkTeams} />
                ))}
              </TooltipProvider>
            </TableBody>
          </Table>
        )}
        {query.data && <Pager of={query.data} onPageChange={setPage} label={`${title} pages`} className="px-5 pt-4 sm:px-6" />}
      </CardContent>
    </Card>
  );
}

/** Memoised: each slice the table adds (useProgressive) renders only the new rows. */
const LadderRow = memo(function LadderRow({ team, surface, own, linkTeams }: { team: TeamView; surface: Surface; own: boolean; linkTeams: boolean }) {
  // An inactive team is listed below the ranked ones without a rank (docs/product.md, "Activity").
  const rank = team.surfaceRank;
  const record = surfaceRecord(team, surface);
  return (
    <TableRow
      className={cn(own && "bg-primary-soft/70 hover:bg-primary-soft font-medium")}
      aria-current={own ? "true" : undefined}
    >
      <RankCell rank={rank} />
      <TableCell>
        <div className="flex items-center gap-2.5">
          <Avatar name={team.name} src={team.avatar} size="sm" className="hidden sm:inline-flex" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <TeamLink teamId={linkTeams ? team.id : null}>
                <ClampedText lines={2} className="font-medium text-foreground">
                  {team.name}
                </ClampedText>
              </TeamLink>
              {own && <Badge variant="default">Your team</Badge>}
              {team.suspended && <TeamStatusBadge status="Suspended" />}
              {team.inProgress && <Badge variant="warning">In Progress</Badge>}
              <ActivityBadges inactive={team.inactive} awayUntil={team.awayUntil} />
              {/* Phones: with the badges (under the rating it would push W-L out of a 320 px screen). */}
              <ProvisionalMarker played={record.wins + record.losses} scope="surface" className="sm:hidden" />
            </div>
            <ClampedText as="p" lines={2} className="mt-0.5 text-xs text-muted-foreground md:hidden">
              {team.members.map((m) => m.name).join(" & ")}
            </ClampedText>
            <p className="text-xs text-muted-foreground sm:hidden">{team.competitionType}</p>
          </div>
        </div>
      </TableCell>
      <TableCell className="text-right font-semibold tabular-nums">
        <div className="flex flex-col items-end gap-0.5">
          {surfaceRating(team, surface)}
          <ProvisionalMarker played={record.wins + record.losses} scope="surface" className="max-sm:hidden" />
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap pr-4 text-right tabular-nums sm:pr-3">
        {record.wins}-{record.losses}
      </TableCell>
      <TableCell className="hidden min-w-44 text-muted-foreground md:table-cell">
        <ClampedText lines={2}>{team.members.map((m) => m.name).join(" & ") || "—"}</ClampedText>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap pr-5 sm:table-cell sm:pr-6">
        <Badge variant="secondary">{team.competitionType}</Badge>
      </TableCell>
    </TableRow>
  );
});

