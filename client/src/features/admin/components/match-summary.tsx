// One match in a few lines: teams, winner, set scores, when and where (disputes and recent matches).
import type { MatchView } from "@shared/types/matches";
import { MATCH_TYPE, SURFACE_LABELS } from "@shared/constants";
import { formatDate, formatDateTime } from "@/lib/format";
import { useZoneMark } from "@/lib/club-time";

export function scoreText(match: MatchView): string {
  if (!match.sets || match.sets.length === 0) return match.score ?? "—";
  return match.sets.map(([a, b]) => `${a}-${b}`).join(", ");
}

export function MatchTeams({ match }: { match: MatchView }) {
  const name = (team: MatchView["team1"]) => (
    <span className={team.id === match.winnerTeamId ? "font-semibold" : undefined}>
      {team.name}
      {team.id === match.winnerTeamId && <span className="sr-only"> (winner)</span>}
    </span>
  );
  return (
    <span>
      {name(match.team1)} <span className="text-muted-foreground">vs</span> {name(match.team2)}
    </span>
  );
}

export function MatchDetails({ match }: { match: MatchView }) {
  const zoneMark = useZoneMark();
  const rows: [string, string][] = [
    ["Match date", formatDate(match.matchDate)],
    ["Match type", match.matchType === MATCH_TYPE.friendly ? "Friendly Match" : "Challenge Match"],
    ["Location", `${match.location} (${SURFACE_LABELS[match.surface]})`],
    [match.team1.name, match.team1.members.map((m) => m.name).join(" & ") || "—"],
    [match.team2.name, match.team2.members.map((m) => m.name).join(" & ") || "—"],
    ["Winner", match.winnerTeamName],
    ["Set scores", scoreText(match)],
    ["Reported", `by ${match.reporter?.name ?? "an unknown player"}, ${formatDateTime(match.createdAt)}${zoneMark(match.createdAt)}`],
  ];
  if (match.notes) rows.push(["Notes", match.notes]);
  return (
    <dl className="grid grid-cols-[minmax(0,7rem)_1fr] gap-x-3 gap-y-1.5 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="min-w-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
