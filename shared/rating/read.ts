// Reading a team's ratings (the ladder, the team page, the Provisional marker): the part of the
// rating engine the screens need, without zod (shared/rating/index.ts holds the schemas and the
// engine, and re-exports these). Pure.
import { PROVISIONAL_MATCHES, type Surface } from "../constants";
import type { RatingState } from "./index";

export const RATING_KEY = { grass: "grassRating", beach: "beachRating", hardcourt: "hardcourtRating" } as const;
export const WINS_KEY = { grass: "grassWins", beach: "beachWins", hardcourt: "hardcourtWins" } as const;
export const LOSSES_KEY = { grass: "grassLosses", beach: "beachLosses", hardcourt: "hardcourtLosses" } as const;

export function surfaceRating(state: RatingState, surface: Surface): number {
  return state[RATING_KEY[surface]];
}
export function surfaceRecord(state: RatingState, surface: Surface): { wins: number; losses: number } {
  return { wins: state[WINS_KEY[surface]], losses: state[LOSSES_KEY[surface]] };
}

/** Provisional: fewer than PROVISIONAL_MATCHES confirmed matches (on that surface, or overall). */
export function isProvisional(matchesPlayed: number): boolean {
  return matchesPlayed < PROVISIONAL_MATCHES;
}

/** Win percentage: wins over games played, rounded; 0 when none played. */
export function winPercent(wins: number, losses: number): number {
  const total = wins + losses;
  return total === 0 ? 0 : Math.round((wins / total) * 100);
}
