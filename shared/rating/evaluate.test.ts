import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PROVISIONAL_MATCHES, SURFACES } from "../constants";
import {
  applyMatch,
  DEFAULT_RATING_SETTINGS,
  INITIAL_RATING_STATE,
  isProvisional,
  pointsAtStake,
  replay,
  type RatingState,
  type ReplayMatch,
} from "./index";
import { evaluateModel, evaluateModels, evaluationTable, modelsToEvaluate, notWorse, RATING_ALTERNATIVES, ratingModel } from "./evaluate";

const surface = fc.constantFrom(...SURFACES);
const fresh = (): RatingState => ({ ...INITIAL_RATING_STATE });

describe("the engine's settings", () => {
  it("default to the club's K 40 → 24 after 10 matches, no margin of victory, surfaces from 1500", () => {
    expect(DEFAULT_RATING_SETTINGS).toEqual({ kNew: 40, kEstablished: 24, kThreshold: 10, marginOfVictory: false, surfaceFromOverall: false });
    const r = applyMatch(fresh(), fresh(), { surface: "grass", aWon: true, margin: 3 });
    expect(r.surfaceChange).toEqual({ aPrev: 1500, aNew: 1520, bPrev: 1500, bNew: 1480 });
  });

  it("margin of victory: a one-set margin moves the usual K, a three-set margin twice as much", () => {
    const mov = { ...DEFAULT_RATING_SETTINGS, marginOfVictory: true };
    expect(applyMatch(fresh(), fresh(), { surface: "beach", aWon: true, margin: 1 }, mov).a.beachRating).toBe(1520);
    expect(applyMatch(fresh(), fresh(), { surface: "beach", aWon: true }, mov).a.beachRating).toBe(1520);
    expect(applyMatch(fresh(), fresh(), { surface: "beach", aWon: true, margin: 3 }, mov).a.beachRating).toBe(1540);
    expect(applyMatch(fresh(), fresh(), { surface: "beach", aWon: false, margin: 3 }, mov).a.rating).toBe(1460);
  });

  it("surfaces from overall: a team's first match on a surface starts from its overall rating", () => {
    const seeded = { ...DEFAULT_RATING_SETTINGS, surfaceFromOverall: true };
    const strong: RatingState = { ...fresh(), rating: 1700, grassWins: 5 };
    const r = applyMatch(strong, fresh(), { surface: "beach", aWon: true }, seeded);
    expect(r.surfaceChange.aPrev).toBe(1700);
    expect(r.surfaceChange.bPrev).toBe(1500);
    expect(r.a.beachRating).toBe(1700 + Math.round(40 * (1 - 1 / (1 + 10 ** (-200 / 400)))));
    // Once played there, its own surface rating is used.
    const again = applyMatch({ ...r.a, rating: 1900 }, fresh(), { surface: "beach", aWon: true }, seeded);
    expect(again.surfaceChange.aPrev).toBe(r.a.beachRating);
  });

  it("K values come from the settings", () => {
    const k = { ...DEFAULT_RATING_SETTINGS, kNew: 24, kEstablished: 24 };
    expect(applyMatch(fresh(), fresh(), { surface: "grass", aWon: true }, k).a.grassRating).toBe(1512);
  });
});

describe("provisional ratings and points at stake", () => {
  it(`are provisional below ${PROVISIONAL_MATCHES} matches`, () => {
    expect(isProvisional(0)).toBe(true);
    expect(isProvisional(PROVISIONAL_MATCHES - 1)).toBe(true);
    expect(isProvisional(PROVISIONAL_MATCHES)).toBe(false);
  });

  it("are what applyMatch does to the challenger on that surface, a win never negative and a loss never positive", () => {
    const settings = fc.record({
      kNew: fc.integer({ min: 1, max: 100 }),
      kEstablished: fc.integer({ min: 1, max: 100 }),
      kThreshold: fc.integer({ min: 0, max: 20 }),
      marginOfVictory: fc.boolean(),
      surfaceFromOverall: fc.boolean(),
    });
    const state = fc.record({ r: fc.integer({ min: 800, max: 2500 }), o: fc.integer({ min: 800, max: 2500 }), w: fc.nat(20), l: fc.nat(20) });
    fc.assert(
      fc.property(state, state, surface, settings, (x, y, s, st) => {
        const mk = (v: typeof x): RatingState => ({ ...fresh(), rating: v.o, grassRating: v.r, beachRating: v.r, hardcourtRating: v.r, grassWins: v.w, beachLosses: v.l });
        const a = mk(x);
        const b = mk(y);
        const stake = pointsAtStake(a, b, s, st);
        const won = applyMatch(a, b, { surface: s, aWon: true }, st).surfaceChange;
        const lost = applyMatch(a, b, { surface: s, aWon: false }, st).surfaceChange;
        expect(stake).toEqual({ win: won.aNew - won.aPrev, loss: lost.aNew - lost.aPrev });
        expect(stake.win).toBeGreaterThanOrEqual(0);
        expect(stake.loss).toBeLessThanOrEqual(0);
      }),
      { numRuns: 1000 },
    );
  });
});

const matchList = fc
  .array(fc.record({ t1: fc.integer({ min: 1, max: 8 }), d: fc.integer({ min: 1, max: 7 }), s: surface, w: fc.boolean(), m: fc.integer({ min: 1, max: 3 }) }), {
    maxLength: 150,
  })
  .map((xs) =>
    xs.map(({ t1, d, s, w, m }): ReplayMatch => {
      const t2 = ((t1 - 1 + d) % 8) + 1;
      return { team1Id: t1, team2Id: t2, winnerTeamId: w ? t1 : t2, surface: s, margin: m };
    }),
  );

describe("the evaluation", () => {
  it("scores the prediction made before each match: a first match of two new teams is a coin toss", () => {
    const one: ReplayMatch[] = [{ team1Id: 1, team2Id: 2, winnerTeamId: 2, surface: "grass" }];
    const e = evaluateModel([], one, ratingModel(DEFAULT_RATING_SETTINGS), true);
    expect(e).toMatchObject({ matches: 1, brier: 0.25, favourites: 0, favouriteWon: null });
    expect(e.logLoss).toBeCloseTo(Math.LN2, 12);
    // The second match is predicted from the first one's result, not from its own.
    const two = [...one, { team1Id: 1, team2Id: 2, winnerTeamId: 2, surface: "grass" as const }];
    const e2 = evaluateModel([], two, ratingModel(DEFAULT_RATING_SETTINGS), true);
    const p = 1 / (1 + 10 ** ((1520 - 1480) / 400));
    expect(e2.brier).toBeCloseTo((0.25 + p ** 2) / 2, 12);
    expect(e2).toMatchObject({ favourites: 1, favouriteWon: 1 });
    expect(evaluateModel([], [], ratingModel(DEFAULT_RATING_SETTINGS), true)).toMatchObject({ matches: 0, brier: null, logLoss: null });
  });

  it("is deterministic, lists the current model first, and its table is the same text for the same history", () => {
    fc.assert(
      fc.property(matchList, (ms) => {
        const a = evaluateModels([], ms, DEFAULT_RATING_SETTINGS);
        expect(evaluateModels([], [...ms], { ...DEFAULT_RATING_SETTINGS })).toEqual(a);
        expect(evaluationTable(a)).toBe(evaluationTable(evaluateModels([], ms, DEFAULT_RATING_SETTINGS)));
        expect(a[0]!.current).toBe(true);
        expect(a.map((m) => m.id)).toEqual(RATING_ALTERNATIVES.map((m) => m.id));
        // The replay it scores is the one that rebuilds the ratings.
        const states = replay([], ms, a[4]!.settings);
        expect([...states.values()].reduce((n, s) => n + s.wins, 0)).toBe(ms.length);
      }),
      { numRuns: 100 },
    );
  });

  it("puts a current model that is not an alternative first, then every alternative", () => {
    const odd = { ...DEFAULT_RATING_SETTINGS, kNew: 50 };
    const list = modelsToEvaluate(odd);
    expect(list[0]).toMatchObject({ current: true, model: { id: "k50-24-10" } });
    expect(list.slice(1).map((x) => x.model.id)).toEqual(RATING_ALTERNATIVES.map((m) => m.id));
  });

  it("allows a switch only when the Brier score is not worse", () => {
    const base = evaluateModel([], [], ratingModel(DEFAULT_RATING_SETTINGS), true);
    expect(notWorse({ ...base, brier: 0.2 }, { ...base, brier: 0.2 })).toBe(true);
    expect(notWorse({ ...base, brier: 0.19 }, { ...base, brier: 0.2 })).toBe(true);
    expect(notWorse({ ...base, brier: 0.2000001 }, { ...base, brier: 0.2 })).toBe(false);
  });
});
