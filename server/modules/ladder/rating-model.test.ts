// Ratings people can trust (docs/product.md, "Provisional ratings", "At stake", "How good are the
// ratings?"), on PGlite and PostgreSQL: the candidates' provisional flag and points at stake equal the
// engine's; the evaluation is deterministic on a generated club; the switch of model is refused when
// its Brier score is worse, accepted when not, and leaves every rating equal to a fresh replay with
// the new settings, which later confirmations then use.
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { matches, systemSettings, teams } from "@shared/schema";
import { MATCH_STATUS, PROVISIONAL_MATCHES, RATING_MODEL_SETTING } from "@shared/constants";
import { applyMatch, DEFAULT_RATING_SETTINGS, INITIAL_RATING_STATE, ratingStateOf, replay, type RatingSettings, type RatingState } from "@shared/rating";
import type { ModelEvaluation, RatingModelEvaluation, RatingModelSwitch } from "@shared/types/ratings";
import type { ChallengeCandidate } from "@shared/types/challenges";
import { RATING_MODEL_MESSAGES } from "@shared/validators/ratings";
import { parseStoredScore, setsWon } from "@shared/validators/matches";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, ranksChanged } from "../../../tests/helpers/factories";
import { seedDemo } from "../../db/seed";
import { reportedMatch, teamState } from "../matches/matches.fixtures";
import { evaluationReport } from "./rating-model.service";
import { loadRatingSettings } from "./rating-settings";
import { activityAt } from "./activity";

let t: TestApp;
useTestApp((app) => (t = app));

beforeAll(async () => {
  // The generated club: 12 teams and 60 confirmed matches over three surfaces.
  await seedDemo(t.db, activityAt(t.deps));
});

/** Every team's rating state, by id. */
async function allStates(): Promise<Map<number, RatingState>> {
  const rows = await t.db.select().from(teams).orderBy(asc(teams.id));
  return new Map(rows.map((r) => [r.id, ratingStateOf(r)]));
}

/** A fresh replay of the approved history with `settings`, written independently of the server's loader. */
async function freshReplay(settings: RatingSettings): Promise<Map<number, RatingState>> {
  const ids = (await t.db.select({ id: teams.id }).from(teams)).map((r) => r.id);
  const history = await t.db.select().from(matches).where(eq(matches.matchStatus, MATCH_STATUS.approved)).orderBy(asc(matches.approvedAt), asc(matches.id));
  return replay(
    ids,
    history.map((m) => {
      const won = setsWon(parseStoredScore(m.score) ?? []);
      return { team1Id: m.team1Id, team2Id: m.team2Id, winnerTeamId: m.winnerTeamId, surface: m.surface, margin: Math.abs(won.team1 - won.team2) };
    }),
    settings,
  );
}

describe("provisional ratings and points at stake on the challenge list", () => {
  it("flag fewer than 5 matches on the surface and give the engine's figures for a win and a loss", async () => {
    const me = await createTeam(t.db, { competitionType: "Mixed Doubles", team: { grassRating: 1540, grassWins: 3, grassLosses: 1, rating: 1530, wins: 6, losses: 2 } });
    const four = await createTeam(t.db, { competitionType: "Mixed Doubles", team: { grassRating: 1600, grassWins: 2, grassLosses: 2, rating: 1580, wins: 4, losses: 5 } });
    const five = await createTeam(t.db, { competitionType: "Mixed Doubles", team: { grassRating: 1450, grassWins: 3, grassLosses: 2, rating: 1500, wins: 3, losses: 2 } });
    const unplayed = await createTeam(t.db, { competitionType: "Mixed Doubles", team: { rating: 1620, wins: 9, losses: 1, beachWins: 9, beachLosses: 1 } });
    const cap = await t.signedIn(me.captain.username);
    const res = await cap.get("/api/challenges/candidates").query({ surface: "grass", competitionType: "Mixed Doubles", limit: 100 }).expect(200);
    const rows = new Map((res.body.items as ChallengeCandidate[]).map((r) => [r.id, r]));
    const mine = await teamState(t.db, me.team.id);
    for (const f of [four, five, unplayed]) {
      const row = rows.get(f.team.id)!;
      const theirs = await teamState(t.db, f.team.id);
      expect(row.provisional).toBe(theirs.grassWins + theirs.grassLosses < PROVISIONAL_MATCHES);
      const won = applyMatch(mine, theirs, { surface: "grass", aWon: true }).surfaceChange;
      const lost = applyMatch(mine, theirs, { surface: "grass", aWon: false }).surfaceChange;
      expect(row.atStake).toEqual({ win: won.aNew - won.aPrev, loss: lost.aNew - lost.aPrev });
      expect(row.atStake!.win).toBeGreaterThan(0);
      expect(row.atStake!.loss).toBeLessThan(0);
    }
    expect(rows.get(four.team.id)!.provisional).toBe(true);
    expect(rows.get(five.team.id)!.provisional).toBe(false);
    expect(rows.get(unplayed.team.id)!.provisional).toBe(true);
    // K 40 (fewer than 10 grass matches) against a stronger team: more to win than to lose.
    expect(rows.get(four.team.id)!.atStake).toEqual({ win: 23, loss: -17 });

    // No surface: the overall record decides, and nothing is at stake (no surface to play on).
    const any = await cap.get("/api/challenges/candidates").query({ competitionType: "Mixed Doubles", limit: 100 }).expect(200);
    const byId = new Map((any.body.items as ChallengeCandidate[]).map((r) => [r.id, r]));
    expect(byId.get(five.team.id)!).toMatchObject({ provisional: false, atStake: null });
    expect(byId.get(four.team.id)!.provisional).toBe(false);
    // Without a team of one's own: the flags, but no figures.
    const admin = (await t.signedInAdmin()).agent;
    const seen = await admin.get("/api/challenges/candidates").query({ surface: "grass", competitionType: "Mixed Doubles", limit: 100 }).expect(200);
    expect((seen.body.items as ChallengeCandidate[]).find((r) => r.id === four.team.id)).toMatchObject({ provisional: true, atStake: null });
    await t.db.delete(teams).where(eq(teams.id, me.team.id));
    for (const f of [four, five, unplayed]) await t.db.delete(teams).where(eq(teams.id, f.team.id));
    await ranksChanged(t.db);
  });
});

describe("the rating model evaluation", () => {
  it("is deterministic: the same data gives the same table, twice, from the route and the CLI's report", async () => {
    const { agent } = await t.signedInAdmin();
    const first = (await agent.get("/api/admin/rating-model").expect(200)).body as RatingModelEvaluation;
    const second = (await agent.get("/api/admin/rating-model").expect(200)).body as RatingModelEvaluation;
    expect(second).toEqual(first);
    expect(first.matches).toBeGreaterThanOrEqual(60);
    expect(first.models[0]).toMatchObject({ current: true, settings: DEFAULT_RATING_SETTINGS });
    expect(first.models.filter((m) => m.current)).toHaveLength(1);
    expect(new Set(first.models.map((m) => m.id)).size).toBe(first.models.length);
    for (const m of first.models) {
      expect(m.matches).toBe(first.matches);
      expect(m.brier).toBeGreaterThan(0);
      expect(m.brier).toBeLessThan(1);
      expect(m.logLoss).toBeGreaterThan(0);
    }
    const report = await evaluationReport(t.deps);
    expect(await evaluationReport(t.deps)).toBe(report);
    for (const m of first.models) expect(report).toContain(m.brier!.toFixed(4));
  });

  it("scores each match by the prediction made before it was applied", async () => {
    const { agent } = await t.signedInAdmin();
    const body = (await agent.get("/api/admin/rating-model").expect(200)).body as RatingModelEvaluation;
    const current = body.models[0]!;
    // Recomputed here from the stored history: the engine's expectation from the ratings it held before each match.
    const history = await t.db.select().from(matches).where(eq(matches.matchStatus, MATCH_STATUS.approved)).orderBy(asc(matches.approvedAt), asc(matches.id));
    const states = new Map<number, RatingState>();
    const get = (id: number) => states.get(id) ?? { ...INITIAL_RATING_STATE };
    let brier = 0;
    for (const m of history) {
      const r = applyMatch(get(m.team1Id), get(m.team2Id), { surface: m.surface, aWon: m.winnerTeamId === m.team1Id });
      const p = 1 / (1 + 10 ** ((r.surfaceChange.bPrev - r.surfaceChange.aPrev) / 400));
      brier += (p - (m.winnerTeamId === m.team1Id ? 1 : 0)) ** 2;
      states.set(m.team1Id, r.a);
      states.set(m.team2Id, r.b);
    }
    expect(current.brier).toBeCloseTo(brier / history.length, 12);
  });
});

describe("switching the rating model", () => {
  it("is refused when the Brier score is worse, for an unknown model, the model in use, or without a body", async () => {
    const { agent } = await t.signedInAdmin();
    const before = await allStates();
    const { models } = (await agent.get("/api/admin/rating-model").expect(200)).body as RatingModelEvaluation;
    const current = models.find((m) => m.current)!;
    const worse = models.find((m) => m.brier! > current.brier!);
    expect(worse, "the generated club has a model that predicts worse than the default").toBeDefined();
    const refused = await agent.post("/api/admin/rating-model").send({ model: worse!.id }).expect(409);
    expect(refused.body.message).toBe(RATING_MODEL_MESSAGES.worse);
    expect(JSON.stringify(refused.body)).not.toMatch(/at .*\.ts/);
    expect((await agent.post("/api/admin/rating-model").send({ model: current.id }).expect(409)).body.message).toBe(RATING_MODEL_MESSAGES.same);
    expect((await agent.post("/api/admin/rating-model").send({ model: "k1-1-1" }).expect(400)).body.message).toBe(RATING_MODEL_MESSAGES.model);
    await agent.post("/api/admin/rating-model").send({}).expect(400);
    await agent.post("/api/admin/rating-model").send({ model: current.id, kNew: 99 }).expect(400);
    expect(await allStates()).toEqual(before);
    expect(await loadRatingSettings(t.db)).toEqual(DEFAULT_RATING_SETTINGS);
    const rows = await t.db.select().from(systemSettings).where(eq(systemSettings.setting, RATING_MODEL_SETTING));
    expect(rows).toHaveLength(0);
  });

  it("is accepted when not worse: one replay with the new settings, each team's before/after, and later results use them", async () => {
    const { agent, admin } = await t.signedInAdmin();
    const before = await allStates();
    const { models } = (await agent.get("/api/admin/rating-model").expect(200)).body as RatingModelEvaluation;
    const current = models.find((m) => m.current)!;
    const best = models.reduce<ModelEvaluation>((b, m) => (m.brier! < b.brier! ? m : b), current);
    expect(best.id).not.toBe(current.id);

    const res = (await agent.post("/api/admin/rating-model").send({ model: best.id }).expect(200)).body as RatingModelSwitch;
    expect(res).toMatchObject({ from: current.id, to: best.id });
    const expected = await freshReplay(best.settings);
    const after = await allStates();
    expect(after).toEqual(expected);
    expect(after).not.toEqual(before);
    const live = await t.db.select({ id: teams.id, deletedAt: teams.deletedAt }).from(teams);
    expect(res.teams.map((x) => x.teamId).sort((a, b) => a - b)).toEqual(live.filter((x) => !x.deletedAt).map((x) => x.id).sort((a, b) => a - b));
    for (const row of res.teams) {
      const b = before.get(row.teamId)!;
      const a = after.get(row.teamId)!;
      expect(row.before).toEqual({ rating: b.rating, grassRating: b.grassRating, beachRating: b.beachRating, hardcourtRating: b.hardcourtRating });
      expect(row.after).toEqual({ rating: a.rating, grassRating: a.grassRating, beachRating: a.beachRating, hardcourtRating: a.hardcourtRating });
    }
    expect(await loadRatingSettings(t.db)).toEqual(best.settings);
    const [stored] = await t.db.select().from(systemSettings).where(eq(systemSettings.setting, RATING_MODEL_SETTING));
    expect(stored!.updatedBy).toBe(admin.id);
    const table = (await agent.get("/api/admin/rating-model").expect(200)).body as RatingModelEvaluation;
    expect(table.models[0]).toMatchObject({ id: best.id, current: true, brier: best.brier });

    // A result confirmed now goes through the engine with the model in force.
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const { token } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team, surface: "beach" });
    const sa = await teamState(t.db, a.team.id);
    const sb = await teamState(t.db, b.team.id);
    await t.request.post(`/api/matches/confirm/${token}`).send({}).expect(200);
    const applied = applyMatch(sa, sb, { surface: "beach", aWon: true, margin: 2 }, best.settings);
    expect(await teamState(t.db, a.team.id)).toEqual(applied.a);
    expect(await teamState(t.db, b.team.id)).toEqual(applied.b);
    // ...and a replay of all history with it still reproduces every rating.
    expect(await allStates()).toEqual(await freshReplay(best.settings));
  });
});
