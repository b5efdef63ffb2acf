// The rating engine (docs/product.md, "Ratings"). Pure: no I/O, so the server applies one result with
// applyMatch and can rebuild every team's ratings from history with replay; both give the same state.
import {
  DEFAULT_RATING,
  K_FACTOR_ESTABLISHED,
  K_FACTOR_NEW,
  K_FACTOR_THRESHOLD_MATCHES,
  type Surface,
} from "../constants";
import { carryOver } from "./carry-over";

/** A team's ratings and counters: the same names as the teams table's columns. */
export interface RatingState {
  rating: number;
  wins: number;
  losses: number;
  grassRating: number;
  beachRating: number;
  hardcourtRating: number;
  grassWins: number;
  grassLosses: number;
  beachWins: number;
  beachLosses: number;
  hardcourtWins: number;
  hardcourtLosses: number;
}

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

const RATING_KEY = { grass: "grassRating", beach: "beachRating", hardcourt: "hardcourtRating" } as const;
const WINS_KEY = { grass: "grassWins", beach: "beachWins", hardcourt: "hardcourtWins" } as const;
const LOSSES_KEY = { grass: "grassLosses", beach: "beachLosses", hardcourt: "hardcourtLosses" } as const;

export function surfaceRating(state: RatingState, surface: Surface): number {
  return state[RATING_KEY[surface]];
}
export function surfaceRecord(state: RatingState, surface: Surface): { wins: number; losses: number } {
  return { wins: state[WINS_KEY[surface]], losses: state[LOSSES_KEY[surface]] };
}

/** E = 1 / (1 + 10^((Rb - Ra) / 400)): the chance that a team rated ra beats one rated rb. */
export function expectedScore(ra: number, rb: number): number {
  return 1 / (1 + Math.pow(10, (rb - ra) / 400));
}

/** Win probability as a whole percentage, for the challenge screen. */
export function winProbabilityPercent(ra: number, rb: number): number {
  return Math.round(expectedScore(ra, rb) * 100);
}

/** K = 40 while fewer than 10 approved matches have been played (on that surface / overall), then 24. */
export function kFactor(matchesPlayed: number): number {
  return matchesPlayed < K_FACTOR_THRESHOLD_MATCHES ? K_FACTOR_NEW : K_FACTOR_ESTABLISHED;
}

/** One Elo step, rounded to an integer. */
export function eloStep(own: number, opponent: number, score: 0 | 1, k: number): number {
  return Math.round(own + k * (score - expectedScore(own, opponent)));
}

export interface MatchOutcome {
  surface: Surface;
  /** true when team A won. */
  aWon: boolean;
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
export function applyMatch(a: RatingState, b: RatingState, outcome: MatchOutcome): AppliedMatch {
  const { surface, aWon } = outcome;
  const rk = RATING_KEY[surface];
  const wk = WINS_KEY[surface];
  const lk = LOSSES_KEY[surface];
  const sa: 0 | 1 = aWon ? 1 : 0;
  const sb: 0 | 1 = aWon ? 0 : 1;

  const aSurfacePlayed = a[wk] + a[lk];
  const bSurfacePlayed = b[wk] + b[lk];
  const aSurfaceNew = eloStep(a[rk], b[rk], sa, kFactor(aSurfacePlayed));
  const bSurfaceNew = eloStep(b[rk], a[rk], sb, kFactor(bSurfacePlayed));

  const aOverallNew = eloStep(a.rating, b.rating, sa, kFactor(a.wins + a.losses));
  const bOverallNew = eloStep(b.rating, a.rating, sb, kFactor(b.wins + b.losses));

  const played = (state: RatingState, overallNew: number, surfaceNew: number, won: 0 | 1, lost: 0 | 1): RatingState => ({
    ...state,
    rating: overallNew,
    wins: state.wins + won,
    losses: state.losses + lost,
    [rk]: surfaceNew,
    [wk]: state[wk] + won,
    [lk]: state[lk] + lost,
  });
  const nextA = played(a, aOverallNew, aSurfaceNew, sa, sb);
  const nextB = played(b, bOverallNew, bSurfaceNew, sb, sa);
  return {
    a: nextA,
    b: nextB,
    surfaceChange: { aPrev: a[rk], aNew: aSurfaceNew, bPrev: b[rk], bNew: bSurfaceNew },
    overallChange: { aPrev: a.rating, aNew: aOverallNew, bPrev: b.rating, bNew: bOverallNew },
  };
}

export interface ReplayMatch {
  team1Id: number;
  team2Id: number;
  winnerTeamId: number;
  surface: Surface;
}

/** A season's carry-over in the history: every team's ratings pulled toward the start (carry-over.ts). */
export interface ReplayCarryOver {
  carryOverPercent: number;
}

/**
 * Rebuilds every team's ratings and W-L from approved matches in the order they were applied, with
 * each season's carry-over at its place among them. Teams not in `teamIds` but present in a match
 * start from the initial state too.
 */
export function replay(teamIds: Iterable<number>, matchesInOrder: Iterable<ReplayMatch | ReplayCarryOver>): Map<number, RatingState> {
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
  for (const m of matchesInOrder) {
    if ("carryOverPercent" in m) {
      for (const [id, s] of states) states.set(id, carryOver(s, m.carryOverPercent));
      continue;
    }
    const applied = applyMatch(get(m.team1Id), get(m.team2Id), {
      surface: m.surface,
      aWon: m.winnerTeamId === m.team1Id,
    });
    states.set(m.team1Id, applied.a);
    states.set(m.team2Id, applied.b);
  }
  return states;
}

/** The card "team rating": the mean of the three surface ratings, rounded. */
export function meanSurfaceRating(s: Pick<RatingState, "grassRating" | "beachRating" | "hardcourtRating">): number {
  return Math.round((s.grassRating + s.beachRating + s.hardcourtRating) / 3);
}

/** Win percentage: wins over games played, rounded; 0 when none played. */
export function winPercent(wins: number, losses: number): number {
  const total = wins + losses;
  return total === 0 ? 0 : Math.round((wins / total) * 100);
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
