import type { Surface } from "@shared/constants";
import type { TeamView } from "@shared/types/teams";

export function surfaceStats(team: TeamView, surface: Surface) {
  const rating = { grass: team.grassRating, beach: team.beachRating, hardcourt: team.hardcourtRating }[surface];
  const wins = { grass: team.grassWins, beach: team.beachWins, hardcourt: team.hardcourtWins }[surface];
  const losses = { grass: team.grassLosses, beach: team.beachLosses, hardcourt: team.hardcourtLosses }[surface];
  return { rating, wins, losses, played: wins + losses };
}
