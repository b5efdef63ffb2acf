import { Swords } from "lucide-react";
import type { ChallengeCandidate } from "@shared/types/challenges";
import { CHALLENGE_REFUSAL } from "@shared/validators/challenges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SimpleTooltip, TooltipProvider } from "@/components/ui/tooltip";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatRecord } from "@/lib/format";
import { cn } from "@/lib/utils";
import { TeamIdentity } from "./team-identity";

/** The available teams: Team, Rating, Record, Status, Win chance, Action. */
export function CandidatesTable({
  rows,
  isCaptain,
  surfaceChosen,
  sendingTo,
  onChallenge,
}: {
  rows: ChallengeCandidate[];
  isCaptain: boolean;
  surfaceChosen: boolean;
  sendingTo: number | null;
  onChallenge: (row: ChallengeCandidate) => void;
}) {
  return (
    // One provider for the table's tooltips: after one closes, the next opens without the delay.
    <TooltipProvider>
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Team</TableHead>
            <TableHead className="text-right">Rating</TableHead>
            <TableHead className="text-right">Record</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">
              <abbr title="Your chance to win on this surface" className="no-underline">
                Win chance
              </abbr>
            </TableHead>
            <TableHead className="text-right">Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} className={cn(!row.reachable && row.reasonCode !== CHALLENGE_REFUSAL.captainOnly && "text-muted-foreground")}>
              <TableCell className="min-w-52 max-w-72">
                <div className="flex items-center gap-2">
                  <TeamIdentity name={row.name} avatar={row.avatar} members={row.members} />
                  {row.rank !== null && (
                    <Badge variant="secondary" className="ml-auto" title="Rank on this surface's ladder">
                      #{row.rank}
                    </Badge>
                  )}
                </div>
              </TableCell>
              <TableCell className="text-right font-semibold tabular-nums text-foreground">{row.rating}</TableCell>
              <TableCell className="text-right tabular-nums">{formatRecord(row.wins, row.losses)}</TableCell>
              <TableCell>
                <Badge variant={row.status === "Active" ? "success" : "warning"}>{row.status}</Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {row.winProbability === null ? (
                  "—"
                ) : (
                  <span
                    className={cn(
                      "font-medium",
                      row.winProbability >= 55 ? "text-success-text" : row.winProbability <= 45 ? "text-destructive-text" : "text-foreground",
                    )}
                    title={surfaceChosen ? "Your chance to win on this surface" : "Your chance to win (average of the three surfaces)"}
                  >
                    {row.winProbability}%
                  </span>
                )}
              </TableCell>
              <TableCell className="text-right">
                {!isCaptain ? (
                  <span className="whitespace-nowrap text-xs font-medium text-muted-foreground">Captain only</span>
                ) : row.reachable ? (
                  <Button size="sm" loading={sendingTo === row.id} disabled={sendingTo !== null} onClick={() => onChallenge(row)}>
                    {sendingTo !== row.id && <Swords aria-hidden="true" />}
                    Challenge
                  </Button>
                ) : (
                  <SimpleTooltip content={row.reason ?? "This team cannot be challenged right now."} side="left">
                    <span
                      role="button"
                      aria-disabled="true"
                      tabIndex={0}
                      className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-ring"
                      aria-label={`Cannot challenge ${row.name}: ${row.reason ?? ""}`}>
                      <Button size="sm" variant="outline" disabled tabIndex={-1} aria-hidden="true">
                        Challenge
                      </Button>
                    </span>
                  </SimpleTooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TooltipProvider>
  );
}
