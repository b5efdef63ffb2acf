import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DEFAULT_RATING, SURFACES } from "../constants";
import {
  applyMatch,
  expectedScore,
  INITIAL_RATING_STATE,
  kFactor,
  replay,
  winProbabilityPercent,
  type RatingState,
  type ReplayMatch,
} from "./index";

const surface = fc.constantFrom(...SURFACES);

describe("the rating engine", () => {
  it("starts every team at the one default rating", () => {
    expect(INITIAL_RATING_STATE.rating).toBe(DEFAULT_RATING);
    expect(INITIAL_RATING_STATE.grassRating).toBe(DEFAULT_RATING);
  });

  it("gives equal teams a 50% chance and moves them by K/2", () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    expect(winProbabilityPercent(1700, 1500)).toBe(76);
    const r = applyMatch({ ...INITIAL_RATING_STATE }, { ...INITIAL_RATING_STATE }, { surface: "beach", aWon: true });
    expect(r.a.beachRating).toBe(1520);
    expect(r.b.beachRating).toBe(1480);
    expect(r.a.rating).toBe(1520);
    expect(r.a.beachWins).toBe(1);
    expect(r.b.beachLosses).toBe(1);
    expect(r.a.grassRating).toBe(DEFAULT_RATING);
    expect(r.surfaceChange).toEqual({ aPrev: 1500, aNew: 1520, bPrev: 1500, bNew: 1480 });
  });

  it("uses K 40 for the first 10 matches on a surface, then 24", () => {
    expect(kFactor(0)).toBe(40);
    expect(kFactor(9)).toBe(40);
    expect(kFactor(10)).toBe(24);
    const veteran: RatingState = { ...INITIAL_RATING_STATE, grassWins: 6, grassLosses: 4 };
    const r = applyMatch(veteran, { ...INITIAL_RATING_STATE }, { surface: "grass", aWon: true });
    expect(r.a.grassRating).toBe(1512);
    expect(r.b.grassRating).toBe(1480);
  });

  it("never takes points from the winner or gives points to the loser", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 3000 }), fc.integer({ min: 100, max: 3000 }), fc.nat(30), fc.nat(30), surface, fc.boolean(), (ra, rb, pa, pb, s, aWon) => {
        const a = { ...INITIAL_RATING_STATE, grassRating: ra, beachRating: ra, hardcourtRating: ra, rating: ra, grassWins: pa, wins: pa };
        const b = { ...INITIAL_RATING_STATE, grassRating: rb, beachRating: rb, hardcourtRating: rb, rating: rb, grassWins: pb, wins: pb };
        const r = applyMatch(a, b, { surface: s, aWon });
        const [w, l] = aWon ? [r.surfaceChange.aNew - r.surfaceChange.aPrev, r.surfaceChange.bNew - r.surfaceChange.bPrev] : [r.surfaceChange.bNew - r.surfaceChange.bPrev, r.surfaceChange.aNew - r.surfaceChange.aPrev];
        expect(w).toBeGreaterThanOrEqual(0);
        expect(l).toBeLessThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("conserves points (within rounding) when both teams have the same K", () => {
    fc.assert(
      fc.property(fc.integer({ min: 500, max: 2500 }), fc.integer({ min: 500, max: 2500 }), surface, fc.boolean(), (ra, rb, s, aWon) => {
        const a = { ...INITIAL_RATING_STATE, grassRating: ra, beachRating: ra, hardcourtRating: ra };
        const b = { ...INITIAL_RATING_STATE, grassRating: rb, beachRating: rb, hardcourtRating: rb };
        const r = applyMatch(a, b, { surface: s, aWon });
        const delta = r.surfaceChange.aNew - r.surfaceChange.aPrev + (r.surfaceChange.bNew - r.surfaceChange.bPrev);
        expect(Math.abs(delta)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });

  const matchList = fc.array(
    fc.record({ t1: fc.integer({ min: 1, max: 8 }), d: fc.integer({ min: 1, max: 7 }), s: surface, w: fc.boolean() }),
    { maxLength: 200 },
  ).map((xs) =>
    xs.map(({ t1, d, s, w }): ReplayMatch => {
      const t2 = ((t1 - 1 + d) % 8) + 1;
      return { team1Id: t1, team2Id: t2, winnerTeamId: w ? t1 : t2, surface: s };
    }),
  );

  it("replays deterministically and equals applying one match at a time", () => {
    fc.assert(
      fc.property(matchList, (ms) => {
        const ids = [1, 2, 3, 4, 5, 6, 7, 8];
        const once = replay(ids, ms);
        expect(replay(ids, ms)).toEqual(once);
        const stepwise = new Map(ids.map((id) => [id, { ...INITIAL_RATING_STATE } as RatingState]));
        for (const m of ms) {
          const r = applyMatch(stepwise.get(m.team1Id)!, stepwise.get(m.team2Id)!, { surface: m.surface, aWon: m.winnerTeamId === m.team1Id });
          stepwise.set(m.team1Id, r.a);
          stepwise.set(m.team2Id, r.b);
        }
        expect(stepwise).toEqual(once);
        const totalWins = [...once.values()].reduce((n, s) => n + s.wins, 0);
        expect(totalWins).toBe(ms.length);
      }),
      { numRuns: 300 },
    );
  });

  it("has no NaN or drift over 10,000 matches", () => {
    const rnd = fc.sample(matchList, { numRuns: 60, seed: 42 }).flat().slice(0, 10_000);
    while (rnd.length < 10_000) rnd.push(...rnd.slice(0, 10_000 - rnd.length));
    const states = replay([1, 2, 3, 4, 5, 6, 7, 8], rnd);
    for (const s of states.values()) {
      for (const v of Object.values(s)) {
        expect(Number.isInteger(v)).toBe(true);
      }
      expect(s.rating).toBeGreaterThan(0);
      expect(s.rating).toBeLessThan(4000);
    }
    const total = [...states.values()].reduce((n, s) => n + s.wins + s.losses, 0);
    expect(total).toBe(20_000);
  });
});
