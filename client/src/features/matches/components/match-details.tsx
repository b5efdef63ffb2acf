// The match as the token pages show it (docs/product.md, "Confirm and dispute pages"): date, reporter, match type,
// players, winner, set scores, notes.
import type { ReactNode } from "react";
import { CalendarDays, MapPin, Trophy, UserRound, type LucideIcon } from "lucide-react";
import { MATCH_TYPE } from "@shared/constants";
import type { MatchTeam, MatchView } from "@shared/types/matches";
import { surfaceBadge } from "@shared/places";
import { Badge } from "@/components/ui/badge";
import { ClampedText } from "@/components/ui/clamped-text";
import { formatDateTime, formatLongDate } from "@/lib/format";
import { useZoneMark } from "@/lib/club-time";
import { cn } from "@/lib/utils";
import { TitledSection } from "./titled-section";

export function matchTypeLabel(match: Pick<MatchView, "matchType">): string {
  return match.matchType === MATCH_TYPE.friendly ? "Friendly Match" : "Challenge Match";
}

function TeamBlock({ team, winner }: { team: MatchTeam; winner: boolean }) {
  return (
    <div
      className={cn(
        "min-w-0 flex-1 rounded-lg border p-3",
        winner ? "border-success-border bg-success-soft" : "border-border bg-muted/40",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="min-w-0 font-semibold text-foreground">{team.name}</p>
        {winner && (
          <Badge variant="success" className="shrink-0">
            <Trophy aria-hidden="true" />
            Winner
          </Badge>
        )}
      </div>
      <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
        {team.members.map((m) => (
          <li key={m.id}>
            {m.name}
            {m.isCaptain ? " (Captain)" : ""}
          </li>
        ))}
        {team.members.length === 0 && <li>No members listed</li>}
      </ul>
    </div>
  );
}

/** One term of the match's description list: its icon and name, then the value. */
function Detail({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-muted-foreground">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {term}
      </dt>
      <dd className="pl-6 font-medium text-foreground">{children}</dd>
    </div>
  );
}

export function MatchDetails({ match }: { match: MatchView }) {
  const zoneMark = useZoneMark();
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {/* The day the match was played (the challenge's date, or the report's when it came first),
            not when the result was sent: that is "Reported". */}
        <Detail icon={CalendarDays} term="Match date">
          {formatLongDate(match.matchDate)}
        </Detail>
        <Detail icon={UserRound} term="Reported">
          by {match.reporter?.name ?? "an unknown player"}, {formatDateTime(match.createdAt)}
          {zoneMark(match.createdAt)}
        </Detail>
        <Detail icon={MapPin} term="Location">
          {match.location} <Badge variant="secondary">{surfaceBadge(match.location)}</Badge>
        </Detail>
        <Detail icon={Trophy} term="Match type">
          {matchTypeLabel(match)}
        </Detail>
      </dl>

      <TitledSection id="players-heading" title="Players">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-stretch">
          <TeamBlock team={match.team1} winner={match.winnerTeamId === match.team1.id} />
          <span className="self-center text-xs font-semibold uppercase text-muted-foreground">vs</span>
          <TeamBlock team={match.team2} winner={match.winnerTeamId === match.team2.id} />
        </div>
        <p className="text-sm text-foreground">
          <span className="text-muted-foreground">Winner: </span>
          <span className="font-semibold">{match.winnerTeamName}</span>
        </p>
      </TitledSection>

      <TitledSection id="sets-heading" title="Set scores">
        {match.sets && match.sets.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Team
                  </th>
                  {match.sets.map((_, i) => (
                    <th key={i} scope="col" className="px-1.5 py-2 text-center font-semibold whitespace-nowrap sm:px-2">
                      {/* Phones: "1 2 3 4 5" under "Team", so five sets fit in 320 px. */}
                      <span className="max-sm:sr-only">Set </span>
                      {i + 1}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[match.team1, match.team2].map((team, side) => (
                  <tr key={team.id} className="border-b border-border last:border-0">
                    <th scope="row" className="w-full py-2 pr-3 text-left font-medium text-foreground">
                      <ClampedText lines={2}>{team.name}</ClampedText>
                    </th>
                    {match.sets!.map((set, i) => (
                      <td
                        key={i}
                        className={cn(
                          "px-1.5 py-2 text-center tabular-nums sm:px-2",
                          set[side]! > set[1 - side]! ? "font-bold text-foreground" : "text-muted-foreground",
                        )}
                      >
                        {set[side]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No score</p>
        )}
      </TitledSection>

      {match.notes && (
        <TitledSection id="notes-heading" title="Notes" className="space-y-1">
          <p className="whitespace-pre-wrap rounded-md bg-muted/50 p-3 text-sm text-foreground">{match.notes}</p>
        </TitledSection>
      )}
    </div>
  );
}
