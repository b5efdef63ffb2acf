// Who raised a dispute, in words. In the app the member and their team are known; from the link in
// the result mail only the team is (the link belongs to the team that did not report the result).
import type { DisputeView } from "@shared/types/matches";

export function disputeRaiser(d: Pick<DisputeView, "reporter" | "reporterTeamId" | "match">): string {
  const team = [d.match.team1, d.match.team2].find((x) => x.id === d.reporterTeamId)?.name;
  if (d.reporter) return team ? `${d.reporter.name} (${team})` : d.reporter.name;
  if (team) return `${team}, from the link in the result email`;
  return "a player";
}
