// The rating engine (docs/product.md, "Ratings"). Pure: no I/O, so the server applies one result with
// applyMatch and can rebuild every team's ratings from history with replay; both give the same state.
import { z } from "zod";
import {
  DEFAULT_RATING,
  K_FACTOR_ESTABLISHED,
  K_FACTOR_NEW,
  K_FACTOR_THRESHOLD_MATCHES,
  type Surface,
} from "../constants";
import { carryOver } from "./carry-over";
import { LOSSES_KEY, RATING_KEY, WINS_KEY } from "./read";
import type { ratingSettingsSchema } from "../validators/ratings";

/**
 * The engine's settings (docs/product.md, "How good are the ratings?"), stored in system_settings
 * (RATING_MODEL_SETTING); their schema (the stored row's check) is ratingSettingsSchema in
 * shared/validators/ratings.ts. DEFAULT_RATING_SETTINGS is the model the club has always used.
 */
export type RatingSettings = z.infer<typeof ratingSettingsSchema>;

export const DEFAULT_RATING_SETTINGS: Readonly<RatingSettings> = Object.freeze({
  kNew: K_FACTOR_NEW,
  kEstablished: K_FACTOR_ESTABLISHED,
  kThreshold: K_FACTOR_THRESHOLD_MATCHES,
  marginOfVictory: false,
  surfaceFromOverall: false,
});

/** A team's ratings and counters: the same names as the teams table's columns (also an answer's part: TeamView). */
export const ratingStateSchema = z.object({
  rating: z.int(),
  wins: z.int(),
  losses: z.int(),
  grassRating: z.int(),
  beachRating: z.int(),
  hardcourtRating: z.int(),
  grassWins: z.int(),
  grassLosses: z.int(),
  beachWins: z.int(),
  beachLosses: z.int(),
  hardcourtWins: z.int(),
  hardcourtLosses: z.int(),
});
export type RatingState = z.infer<typeof ratingStateSchema>;

export const INITIAL_RATING_STATE: Readonly<RatingState> = Object.freeze({
  rating: DEFAULT_RATING,
  wins: 0,
  losses: 0,
  grassRating: DEFAULT_RATING,
  beachRating: DEFAULT_RATING,
  hardcourtRating: DEFAULT_RATING,
  grassWins: 0,
  grassLosses: 0,
  beachWins: 0,
  beachLosses: 0,
  hardcourtWins: 0,
  hardcourtLosses: 0,
});

export { surfaceRating, surfaceRecord, isProvisional, winPercent } from "./read";

/** E = 1 / (1 + 10^((Rb - Ra) / 400)): the chance that a team rated ra beats one rated rb. */
export function expectedScore(ra: number, rb: number): number {
  return 1 / (1 + Math.pow(10, (rb - ra) / 400));
}

/** Win probability as a whole percentage, for the challenge screen. */
export function winProbabilityPercent(ra: number, rb: number): number {
  return Math.round(expectedScore(ra, rb) * 100);
}

/** K = 40 while fewer than 10 approved matches have been played (on that surface / overall), then 24 (with the default settings). */
export function kFactor(matchesPlayed: number, settings: Readonly<RatingSettings> = DEFAULT_RATING_SETTINGS): number {
  return matchesPlayed < settings.kThreshold ? settings.kNew : settings.kEstablished;
}

/** The margin-of-victory multiplier of K: log2(1 + margin); 1 for a one-set margin, an unknown score or the setting off. */
export function marginFactor(margin: number | undefined, settings: Readonly<RatingSettings>): number {
  if (!settings.marginOfVictory || margin === undefined || margin <= 1) return 1;
  return Math.log2(1 + margin);
}

/** One Elo step, rounded to an integer. */
export function eloStep(own: number, opponent: number, score: 0 | 1, k: number): number {
  return Math.round(own + k * (score - expectedScore(own, opponent)));
}

export interface MatchOutcome {
  surface: Surface;
  /** true when team A won. */
  aWon: boolean;
  /** Sets won by the winner minus sets won by the loser (only the margin-of-victory setting reads it). */
  margin?: number;
}

export interface AppliedMatch {
  a: RatingState;
  b: RatingState;
  /** Surface ratings before and after (stored on the match as team1/2Prev/NewRating). */
  surfaceChange: { aPrev: number; aNew: number; bPrev: number; bNew: number };
  /** Overall ratings before and after. */
  overallChange: { aPrev: number; aNew: number; bPrev: number; bNew: number };
}

/** Applies one approved result to two teams' states. Neither input is modified. */
export function applyMatch(
  a: RatingState,
  b: RatingState,
  outcome: MatchOutcome,
  settings: Readonly<RatingSettings> = DEFAULT_RATING_SETTINGS,
): AppliedMatch {
  const { surface, aWon } = outcome;
  const rk = RATING_KEY[surface];
  const wk = WINS_KEY[surface];
  const lk = LOSSES_KEY[surface];
  const sa: 0 | 1 = aWon ? 1 : 0;
  const sb: 0 | 1 = aWon ? 0 : 1;

  const aSurfacePlayed = a[wk] + a[lk];
  const bSurfacePlayed = b[wk] + b[lk];
  const aSurfacePrev = startingSurfaceRating(a, surface, settings);
  const bSurfacePrev = startingSurfaceRating(b, surface, settings);
  const m = marginFactor(outcome.margin, settings);
  const aSurfaceNew = eloStep(aSurfacePrev, bSurfacePrev, sa, kFactor(aSurfacePlayed, settings) * m);
  const bSurfaceNew = eloStep(bSurfacePrev, aSurfacePrev, sb, kFactor(bSurfacePlayed, settings) * m);

  const aOverallNew = eloStep(a.rating, b.rating, sa, kFactor(a.wins + a.losses, settings) * m);
  const bOverallNew = eloStep(b.rating, a.rating, sb, kFactor(b.wins + b.losses, settings) * m);

  // A copy with the same shape, then the changed fields (cheaper than a spread with computed keys:
  // a replay of the whole history runs this twice per match, per model evaluated).
  const played = (state: RatingState, overallNew: number, surfaceNew: number, won: 0 | 1, lost: 0 | 1): RatingState => {
    const next = ratingStateOf(state);
    next.rating = overallNew;
    next.wins = state.wins + won;
    next.losses = state.losses + lost;
    next[rk] = surfaceNew;
    next[wk] = state[wk] + won;
    next[lk] = state[lk] + lost;
    return next;
  };
  const nextA = played(a, aOverallNew, aSurfaceNew, sa, sb);
  const nextB = played(b, bOverallNew, bSurfaceNew, sb, sa);
  return {
    a: nextA,
    b: nextB,
    surfaceChange: { aPrev: aSurfacePrev, aNew: aSurfaceNew, bPrev: bSurfacePrev, bNew: bSurfaceNew },
    overallChange: { aPrev: a.rating, aNew: aOverallNew, bPrev: b.rating, bNew: bOverallNew },
  };
}

/**
 * The surface rating a match starts from: the stored one, or (surfaceFromOverall) the overall rating
 * for a team's first match on that surface.
 */
export function startingSurfaceRating(state: RatingState, surface: Surface, settings: Readonly<RatingSettings>): number {
  const played = state[WINS_KEY[surface]] + state[LOSSES_KEY[surface]];
  return settings.surfaceFromOverall && played === 0 ? state.rating : state[RATING_KEY[surface]];
}

/**
 * What a match on `surface` would do to team a's rating there: the points gained by winning and
 * lost by losing (a negative number), from applyMatch itself (a one-set margin).
 */
export function pointsAtStake(
  a: RatingState,
  b: RatingState,
  surface: Surface,
  settings: Readonly<RatingSettings> = DEFAULT_RATING_SETTINGS,
): { win: number; loss: number } {
  const won = applyMatch(a, b, { surface, aWon: true }, settings).surfaceChange;
  const lost = applyMatch(a, b, { surface, aWon: false }, settings).surfaceChange;
  return { win: won.aNew - won.aPrev, loss: lost.aNew - lost.aPrev };
}

export interface ReplayMatch {
  team1Id: number;
  team2Id: number;
  winnerTeamId: number;
  surface: Surface;
  /** Sets margin (margin-of-victory setting); undefined when the score is unknown. */
  margin?: number;
}

/** A season's carry-over in the history: every team's ratings pulled toward the start (carry-over.ts). */
export interface ReplayCarryOver {
  carryOverPercent: number;
}

/**
/**
 * Rebuilds every team's ratings and W-L from approved matches in the order they were applied, with
 * each season's carry-over at its place among them. Teams not in `teamIds` but present in a match
 * start from the initial state too. `onMatch` sees each match with what the engine did to it (its
 * surfaceChange.aPrev/bPrev are what it predicted from).
 */
export function replay(
  teamIds: Iterable<number>,
  history: Iterable<ReplayMatch | ReplayCarryOver>,
  settings: Readonly<RatingSettings> = DEFAULT_RATING_SETTINGS,
  onMatch?: (match: ReplayMatch, applied: AppliedMatch) => void,
): Map<number, RatingState> {
  const states = new Map<number, RatingState>();
  for (const id of teamIds) states.set(id, { ...INITIAL_RATING_STATE });
  const get = (id: number) => {
    let s = states.get(id);
    if (!s) {
      s = { ...INITIAL_RATING_STATE };
      states.set(id, s);
    }
    return s;
  };
  for (const m of history) {
    if ("carryOverPercent" in m) {
      for (const [id, s] of states) states.set(id, carryOver(s, m.carryOverPercent));
      continue;
    }
    const applied = applyMatch(
      get(m.team1Id),
      get(m.team2Id),
      { surface: m.surface, aWon: m.winnerTeamId === m.team1Id, margin: m.margin },
      settings,
    );
    onMatch?.(m, applied);
    states.set(m.team1Id, applied.a);
    states.set(m.team2Id, applied.b);
  }
  return states;
}

/** The card "team rating": the mean of the three surface ratings, rounded. */
export function meanSurfaceRating(s: Pick<RatingState, "grassRating" | "beachRating" | "hardcourtRating">): number {
  return Math.round((s.grassRating + s.beachRating + s.hardcourtRating) / 3);
}

/** Picks a team row's ratings and counters (any object with the teams table's columns). */
export function ratingStateOf(row: RatingState): RatingState {
  return {
    rating: row.rating,
    wins: row.wins,
    losses: row.losses,
    grassRating: row.grassRating,
    beachRating: row.beachRating,
    hardcourtRating: row.hardcourtRating,
    grassWins: row.grassWins,
    grassLosses: row.grassLosses,
    beachWins: row.beachWins,
    beachLosses: row.beachLosses,
    hardcourtWins: row.hardcourtWins,
    hardcourtLosses: row.hardcourtLosses,
  };
}

/**
 * The ratings a match stores (docs/product.md, "What a match stores"): surface ratings before/after in team1/2Prev/NewRating,
 * overall ratings before/after in player1/2Prev/NewRating (team 1 = side a).
 */
export function matchRatingColumns(applied: AppliedMatch) {
  return {
    team1PrevRating: applied.surfaceChange.aPrev,
    team1NewRating: applied.surfaceChange.aNew,
    team2PrevRating: applied.surfaceChange.bPrev,
    team2NewRating: applied.surfaceChange.bNew,
    player1PrevRating: applied.overallChange.aPrev,
    player1NewRating: applied.overallChange.aNew,
    player2PrevRating: applied.overallChange.bPrev,
    player2NewRating: applied.overallChange.bNew,
  };
}
