import { memo, useId } from "react";
import { Swords } from "lucide-react";
import { SURFACE_LABELS, type CompetitionType, type Surface } from "@shared/constants";
import type { ChallengeCandidate } from "@shared/types/challenges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TeamStatusBadge } from "@/components/ui/team-status-badge";
import { ActivityBadges } from "@/components/ui/activity-badges";
import { ProvisionalMarker } from "@/components/ui/provisional-marker";
import { TooltipProvider } from "@/components/ui/tooltip";
import { formatRecord, TEAM_RATING_HINT } from "@/lib/format";
import { useProgressive } from "@/lib/progressive";
import { cn } from "@/lib/utils";
import { TeamIdentity } from "./team-identity";

export interface CandidatesProps {
  rows: ChallengeCandidate[];
  /**
   * Why the user can challenge nobody (a partner: 'Captain only'; a team awaiting approval), shown
   * in place of every row's button; null when the rows decide.
   */
  blocked: string | null;
  surfaceChosen: boolean;
  /** The surface chosen: ranks are on its ladder, within each team's category (the one reach uses). */
  surface: Surface | null;
  sendingTo: number | null;
  onChallenge: (row: ChallengeCandidate) => void;
}

const WIN_CHANCE_HINT = "Your chance to win on this surface";

function WinChance({ row, surfaceChosen }: { row: ChallengeCandidate; surfaceChosen: boolean }) {
  if (row.winProbability === null) return <>—</>;
  return (
    <span
      className={cn(
        "font-medium",
        row.winProbability >= 55 ? "text-success-text" : row.winProbability <= 45 ? "text-destructive-text" : "text-foreground",
      )}
      title={surfaceChosen ? WIN_CHANCE_HINT : "Your chance to win (average of the three surfaces)"}
    >
      {row.winProbability}%
    </span>
  );
}

const AT_STAKE_HINT = "Points your rating on this surface would gain if you win / lose if you lose";

/** The points at stake (docs/product.md, "At stake"): '+23 / −17', read out as gain and loss. */
function AtStake({ row }: { row: ChallengeCandidate }) {
  if (row.atStake === null) return <>—</>;
  const { win, loss } = row.atStake;
  return (
    <span className="whitespace-nowrap font-medium" data-testid="at-stake">
      <span className="sr-only">Win: </span>
      <span className="text-success-text">+{win}</span>
      <span aria-hidden="true" className="text-muted-foreground">
        {" / "}
      </span>
      <span className="sr-only">, lose: </span>
      <span className="text-destructive-text">−{Math.abs(loss)}</span>
      <span className="sr-only"> points</span>
    </span>
  );
}

/** The rating, with the Provisional marker under it while the team has played fewer than 5 matches there. */
function CandidateRating({ row, surfaceChosen }: { row: ChallengeCandidate; surfaceChosen: boolean }) {
  return (
    <span className="inline-flex flex-col items-end gap-0.5 max-lg:flex-row max-lg:items-center max-lg:gap-1.5">
      {row.rating}
      {row.provisional && <ProvisionalMarker played={row.wins + row.losses} scope={surfaceChosen ? "surface" : "overall"} />}
    </span>
  );
}

/**
 * The Challenge button, or why there is none: the reason is visible text under a disabled button at
 * every width (a tooltip would never show on a touch screen).
 */
function CandidateAction({ row, blocked, sendingTo, onChallenge, className }: Omit<CandidatesProps, "rows" | "surfaceChosen" | "surface"> & { row: ChallengeCandidate; className?: string }) {
  // Each team is shown twice (cards and table, one of them hidden): an id of its own for each.
  const reasonId = useId();
  if (blocked) return <span className={cn("text-xs font-medium text-muted-foreground", className)}>{blocked}</span>;
  if (row.reachable) {
    const button = (
      <Button size="sm" className={className} loading={sendingTo === row.id} disabled={sendingTo !== null} onClick={() => onChallenge(row)}>
        {sendingTo !== row.id && <Swords aria-hidden="true" />}
        Challenge
        <span className="sr-only"> {row.name}</span>
        {row.wildcard && <span className="sr-only"> with a wildcard</span>}
      </Button>
    );
    if (!row.wildcard) return button;
    // Out of reach, open with one of a newcomer's wildcards (docs/product.md, "Wildcards").
    return (
      <div className={cn("grid justify-items-start gap-1 lg:justify-items-end", className)}>
        {button}
        <Badge variant="warning">Wildcard</Badge>
      </div>
    );
  }
  return (
    <div className={cn("grid justify-items-start gap-1 lg:justify-items-end", className)}>
      <Button size="sm" variant="outline" disabled aria-describedby={reasonId}>
        Challenge
        <span className="sr-only"> {row.name}</span>
      </Button>
      <p id={reasonId} className="max-w-56 text-xs text-muted-foreground lg:text-right">
        {row.reason ?? "This team cannot be challenged right now."}
      </p>
    </div>
  );
}

/** The challenge table's note on a newcomer's wildcards (docs/product.md, "Wildcards"). */
export function wildcardsLeftText(left: number): string {
  if (left <= 0) return "Your team has used its wildcards this season.";
  return `Your team has ${left} wildcard challenge${left === 1 ? "" : "s"} left this season: each may go past the reach limit.`;
}

/**
 * Which ladder a rank is on, in words: 'rank #3 of Mixed Doubles on Grass' (the surface's ladder of
 * the team's category: the rank the reach rule uses, docs/product.md#reach), or 'not ranked yet in …'.
 */
export function rankOn(rank: number | null, category: CompetitionType, surface: Surface): string {
  const ladder = `${category} on ${SURFACE_LABELS[surface]}`;
  return rank === null ? `not ranked yet in ${ladder}` : `rank #${rank} of ${ladder}`;
}

function RankNote({ row, surface, className }: { row: ChallengeCandidate; surface: Surface | null; className?: string }) {
  if (surface === null) return null;
  const text = rankOn(row.rank, row.competitionType, surface);
  return <p className={cn("text-xs text-muted-foreground", className)}>{text.charAt(0).toUpperCase() + text.slice(1)}</p>;
}

/** One candidate's props: the list's, for its row. */
type CandidateProps = Omit<CandidatesProps, "rows"> & { row: ChallengeCandidate };

/**
 * Phones and tablets: one card per team, its action under its figures. Memoised, as is the table's
 * row: the page re-renders as its schedule form is typed in, and the list adds its rows in slices
 * (useProgressive); neither renders the rows again.
 */
const CandidateItem = memo(function CandidateItem({ row, blocked, surfaceChosen, surface, sendingTo, onChallenge }: CandidateProps) {
  return (
    <li className={cn("grid gap-3 px-5 py-4 sm:px-6", !row.reachable && !blocked && "text-muted-foreground")}>
      <div className="grid gap-1">
        <TeamIdentity teamId={row.id} name={row.name} avatar={row.avatar} members={row.members} />
        <RankNote row={row} surface={surface} />
      </div>
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{surfaceChosen ? "Rating" : "Team rating"}</dt>
          <dd className="font-semibold tabular-nums text-foreground">
            <CandidateRating row={row} surfaceChosen={surfaceChosen} />
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Record</dt>
          <dd className="tabular-nums">{formatRecord(row.wins, row.losses)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Win chance</dt>
          <dd className="tabular-nums">
            <WinChance row={row} surfaceChosen={surfaceChosen} />
          </dd>
        </div>
        {row.atStake && (
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">At stake</dt>
            <dd className="tabular-nums">
              <AtStake row={row} />
            </dd>
          </div>
        )}
        <div className="flex gap-1.5">
          <dt className="sr-only">Status</dt>
          <dd className="flex flex-wrap gap-1">
            <TeamStatusBadge status={row.status} />
            <ActivityBadges inactive={row.inactive} awayUntil={row.awayUntil} />
          </dd>
        </div>
      </dl>
      <CandidateAction row={row} blocked={blocked} sendingTo={sendingTo} onChallenge={onChallenge} className="justify-self-start" />
    </li>
  );
});

/** From 1024 px: one table row per team. */
const CandidateRow = memo(function CandidateRow({ row, blocked, surfaceChosen, surface, sendingTo, onChallenge }: CandidateProps) {
  return (
    <TableRow className={cn(!row.reachable && !blocked && "text-muted-foreground")}>
      <TableCell className="w-full pl-5 sm:pl-6">
        <div className="grid gap-1">
          <TeamIdentity teamId={row.id} name={row.name} avatar={row.avatar} members={row.members} />
          <RankNote row={row} surface={surface} />
        </div>
      </TableCell>
      <TableCell className="text-right font-semibold tabular-nums text-foreground">
        <CandidateRating row={row} surfaceChosen={surfaceChosen} />
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatRecord(row.wins, row.losses)}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          <TeamStatusBadge status={row.status} />
          <ActivityBadges inactive={row.inactive} awayUntil={row.awayUntil} />
        </div>
      </TableCell>
      <TableCell className="text-right tabular-nums">
        <WinChance row={row} surfaceChosen={surfaceChosen} />
      </TableCell>
      <TableCell className="text-right tabular-nums">
        <AtStake row={row} />
      </TableCell>
      <TableCell className="pr-5 text-right sm:pr-6">
        <CandidateAction row={row} blocked={blocked} sendingTo={sendingTo} onChallenge={onChallenge} className="ml-auto" />
      </TableCell>
    </TableRow>
  );
});

/** The available teams: Team, Rating, Record, Status, Win chance, At stake, Action (a table from 1024 px, cards below). */
export function CandidatesTable({ rows, ...item }: CandidatesProps) {
  // A page of up to 50 teams, twice (cards and table): a screenful first, the rest in slices.
  const shown = useProgressive(rows);
  return (
    <>
      <ul className="divide-y divide-border border-t border-border lg:hidden">
        <TooltipProvider>
          {shown.map((row) => (
            <CandidateItem key={row.id} row={row} {...item} />
          ))}
        </TooltipProvider>
      </ul>
      <Table wrapperClassName="hidden lg:block">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-5 sm:pl-6">Team</TableHead>
            <TableHead className="text-right" title={item.surfaceChosen ? undefined : TEAM_RATING_HINT}>
              {item.surfaceChosen ? "Rating" : "Team rating"}
            </TableHead>
            <TableHead className="text-right">Record</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">
              <abbr title={WIN_CHANCE_HINT} className="no-underline">
                Win chance
              </abbr>
            </TableHead>
            <TableHead className="text-right">
              <abbr title={AT_STAKE_HINT} className="no-underline">
                At stake
              </abbr>
            </TableHead>
            <TableHead className="pr-5 text-right sm:pr-6">Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TooltipProvider>
            {shown.map((row) => (
              <CandidateRow key={row.id} row={row} {...item} />
            ))}
          </TooltipProvider>
        </TableBody>
      </Table>
    </>
  );
}
