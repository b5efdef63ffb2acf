// The Recent Matches table: Date, Team 1, Score, Team 2, Surface, Result (W/L for the viewer's team, else '-').
import { CONFIRMATION_STATUS, MATCH_STATUS, type ConfirmationStatus } from "@shared/constants";
import type { MatchView } from "@shared/types/matches";
import { surfaceBadge } from "@shared/places";
import { formatScore } from "@shared/score";
import { Badge } from "@/components/ui/badge";
import { ClampedText } from "@/components/ui/clamped-text";
import { TeamLink } from "@/components/ui/team-link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * 'W' or 'L' when the viewer's team played a match that counts (approved); '-' otherwise. A result
 * awaiting confirmation or disputed has no W/L yet: its tag says where it stands.
 */
export function resultFor(match: MatchView, teamId: number | null | undefined): "W" | "L" | "-" {
  if (!teamId || match.matchStatus !== MATCH_STATUS.approved) return "-";
  if (match.team1.id !== teamId && match.team2.id !== teamId) return "-";
  return match.winnerTeamId === teamId ? "W" : "L";
}

const STATUS_TAG: Partial<Record<ConfirmationStatus, { text: string; variant: "warning" | "destructive" | "secondary" }>> = {
  [CONFIRMATION_STATUS.pending]: { text: "Awaiting confirmation", variant: "warning" },
  [CONFIRMATION_STATUS.disputed]: { text: "Disputed", variant: "destructive" },
};

function statusTag(match: MatchView) {
  if (match.matchStatus === MATCH_STATUS.voided) return { text: "Voided", variant: "secondary" as const };
  if (match.matchStatus === MATCH_STATUS.approved) return undefined;
  return STATUS_TAG[match.confirmationStatus];
}

function ResultBadge({ result }: { result: "W" | "L" | "-" }) {
  if (result === "-") return <span className="text-muted-foreground">-</span>;
  return (
    <Badge variant={result === "W" ? "success" : "destructive"} aria-label={result === "W" ? "Win" : "Loss"}>
      {result}
    </Badge>
  );
}

/** Phones: one compact card per match (same fields as the table's columns). */
function MatchHistoryList({ matches, teamId }: { matches: MatchView[]; teamId: number | null | undefined }) {
  return (
    <ul className="divide-y divide-border sm:hidden">
      {matches.map((m) => {
        const tag = statusTag(m);
        const result = resultFor(m, teamId);
        return (
          <li key={m.id} className="space-y-1.5 py-3">
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span className="shrink-0 whitespace-nowrap tabular-nums">{formatDate(m.matchDate)}</span>
              <span className="flex flex-wrap items-center justify-end gap-1.5">
                {tag && <Badge variant={tag.variant}>{tag.text}</Badge>}
                <Badge variant="outline">{surfaceBadge(m.location)}</Badge>
                {/* A tagged result (pending, disputed, voided) needs no '-' beside its tag. */}
                {(result !== "-" || !tag) && <ResultBadge result={result} />}
              </span>
            </div>
            <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 text-sm">
              <TeamLink teamId={m.team1.id}>
                <ClampedText lines={2} className={cn(m.winnerTeamId === m.team1.id && "font-semibold", m.team1.id === teamId && "text-primary-text")}>
                  {m.team1.name}
                </ClampedText>
              </TeamLink>
              <span className="whitespace-nowrap text-center tabular-nums text-foreground">{formatScore(m.sets)}</span>
              <TeamLink teamId={m.team2.id} className="text-right">
                <ClampedText lines={2} className={cn("text-right", m.winnerTeamId === m.team2.id && "font-semibold", m.team2.id === teamId && "text-primary-text")}>
                  {m.team2.name}
                </ClampedText>
              </TeamLink>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function MatchHistoryTable({ matches, teamId }: { matches: MatchView[]; teamId: number | null | undefined }) {
  return (
    <>
      <MatchHistoryList matches={matches} teamId={teamId} />
      <Table wrapperClassName="hidden sm:block">
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Team 1</TableHead>
          <TableHead>Score</TableHead>
          <TableHead>Team 2</TableHead>
          <TableHead>Surface</TableHead>
          <TableHead className="text-center">Result</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {matches.map((m) => {
          const result = resultFor(m, teamId);
          const tag = statusTag(m);
          const mine = (id: number) => id === teamId;
          return (
            <TableRow key={m.id} className={cn((mine(m.team1.id) || mine(m.team2.id)) && "bg-primary-soft/30")}>
              <TableCell className="whitespace-nowrap">
                <div className="tabular-nums">{formatDate(m.matchDate)}</div>
                {tag && (
                  <Badge variant={tag.variant} className="mt-1">
                    {tag.text}
                  </Badge>
                )}
              </TableCell>
              <TableCell className={cn("min-w-[8rem]", m.winnerTeamId === m.team1.id && "font-semibold", mine(m.team1.id) && "text-primary-text")}>
                <TeamLink teamId={m.team1.id}>
                  <ClampedText lines={2}>{m.team1.name}</ClampedText>
                </TeamLink>
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{formatScore(m.sets)}</TableCell>
              <TableCell className={cn("min-w-[8rem]", m.winnerTeamId === m.team2.id && "font-semibold", mine(m.team2.id) && "text-primary-text")}>
                <TeamLink teamId={m.team2.id}>
                  <ClampedText lines={2}>{m.team2.name}</ClampedText>
                </TeamLink>
              </TableCell>
              <TableCell>
                <Badge variant="outline">{surfaceBadge(m.location)}</Badge>
              </TableCell>
              <TableCell className="text-center">
                <ResultBadge result={result} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
    </>
  );
}
