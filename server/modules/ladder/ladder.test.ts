import { describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { matches, teams } from "@shared/schema";
import { DEFAULT_RATING } from "@shared/constants";
import { applyMatch, INITIAL_RATING_STATE, type RatingState } from "@shared/rating";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, ranksChanged } from "../../../tests/helpers/factories";
import { getLadder, getTeamRank } from "./ladder.service";
import { rebuildRatings } from "./rebuild";
import { seedDemo } from "../../db/seed";
import { activityAt } from "./activity";

let t: TestApp;
useTestApp((app) => (t = app));

describe("the surface ladder", () => {
  it("lists only active approved teams that played on that surface, by rating, then wins, then age", async () => {
    // A category of our own, so other tests' rows don't interfere: use a unique created_at window instead.
    const base = new Date("2020-01-01T00:00:00Z").getTime();
    const mk = async (name: string, minutesAfter: number, team: Partial<typeof teams.$inferInsert>, approved = true) =>
      (await createTeam(t.db, { name, competitionType: "Mixed Doubles", approved, team: { createdAt: new Date(base + minutesAfter * 60_000), ...team } })).team;
    const top = await mk("L-top", 5, { beachRating: 1600, beachWins: 1, beachLosses: 0 });
    const moreWins = await mk("L-morewins", 4, { beachRating: 1550, beachWins: 3, beachLosses: 1 });
    const older = await mk("L-older", 1, { beachRating: 1550, beachWins: 2, beachLosses: 2 });
    const younger = await mk("L-younger", 2, { beachRating: 1550, beachWins: 2, beachLosses: 0 });
    const notPlayed = await mk("L-notplayed", 3, { beachRating: 1700, grassWins: 4 });
    const unapproved = await mk("L-unapproved", 6, { beachRating: 1800, beachWins: 1 }, false);
    const deleted = await mk("L-deleted", 7, { beachRating: 1900, beachWins: 1, deletedAt: new Date() });
    const men = (await createTeam(t.db, { competitionType: "Men's Doubles", team: { beachRating: 2000, beachWins: 1 } })).team;

    const ladder = await getLadder(t.deps, { ladder: "beach", within: "Mixed Doubles" });
    const ids = ladder.map((r) => r.teamId);
    const ours = ids.filter((id) => [top.id, moreWins.id, older.id, younger.id].includes(id));
    expect(ours).toEqual([top.id, moreWins.id, older.id, younger.id]);
    for (const absent of [notPlayed.id, unapproved.id, deleted.id, men.id]) expect(ids).not.toContain(absent);
    expect(ladder.map((r) => r.rank)).toEqual(ladder.map((_, i) => i + 1));
    const row = ladder.find((r) => r.teamId === moreWins.id)!;
    expect(row).toMatchObject({ rating: 1550, wins: 3, losses: 1 });

    const all = await getLadder(t.deps, { ladder: "beach", within: "club" });
    expect(all.map((r) => r.teamId)).toContain(men.id);
    expect(all[0]!.rating).toBeGreaterThanOrEqual(all[all.length - 1]!.rating);
  });

  it("ranks overall among active approved teams, and answers null for deleted or unapproved teams", async () => {
    const a = (await createTeam(t.db, { team: { rating: 9001 } })).team;
    const b = (await createTeam(t.db, { team: { rating: 9000, wins: 5 } })).team;
    const c = (await createTeam(t.db, { team: { rating: 9000, wins: 2 } })).team;
    const gone = (await createTeam(t.db, { team: { rating: 9500, deletedAt: new Date() } })).team;
    const pending = (await createTeam(t.db, { approved: false, team: { rating: 9600 } })).team;
    expect(await getTeamRank(t.deps, { ladder: "overall", within: "club", teamId: a.id })).toBe(1);
    expect(await getTeamRank(t.deps, { ladder: "overall", within: "club", teamId: b.id })).toBe(2);
    expect(await getTeamRank(t.deps, { ladder: "overall", within: "club", teamId: c.id })).toBe(3);
    expect(await getTeamRank(t.deps, { ladder: "overall", within: "club", teamId: gone.id })).toBeNull();
    expect(await getTeamRank(t.deps, { ladder: "overall", within: "club", teamId: pending.id })).toBeNull();
    expect(await getTeamRank(t.deps, { ladder: "overall", within: "club", teamId: 2_000_000_000 })).toBeNull();
    // Lowered again so these teams don't sit on top of other tests' expectations.
    await t.db.update(teams).set({ rating: DEFAULT_RATING }).where(inArray(teams.id, [a.id, b.id, c.id]));
    await ranksChanged(t.db);
  });
});

describe("rebuilding ratings from history", () => {
  it("equals applying each result one at a time, and the demo data was rated in order", async () => {
    const before = await t.db.select().from(teams);
    const existing = new Set(before.map((x) => x.id));
    await seedDemo(t.db, activityAt(t.deps));
    const seeded = (await t.db.select().from(teams)).filter((x) => !existing.has(x.id));
    expect(seeded).toHaveLength(12);
    const ids = seeded.map((x) => x.id);
    const history = await t.db
      .select()
      .from(matches)
      .where(sql`${matches.matchStatus} = 'approved' and ${inArray(matches.team1Id, ids)}`)
      .orderBy(matches.approvedAt, matches.id);
    expect(history.length).toBeGreaterThanOrEqual(50);
    expect(new Set(history.map((m) => m.surface)).size).toBe(3);

    // Step by step, checking each stored prev/new rating and the score's consistency with the winner.
    const states = new Map<number, RatingState>(ids.map((id) => [id, { ...INITIAL_RATING_STATE }]));
    for (const m of history) {
      const r = applyMatch(states.get(m.team1Id)!, states.get(m.team2Id)!, { surface: m.surface, aWon: m.winnerTeamId === m.team1Id });
      expect([m.team1PrevRating, m.team1NewRating, m.team2PrevRating, m.team2NewRating]).toEqual([
        r.surfaceChange.aPrev,
        r.surfaceChange.aNew,
        r.surfaceChange.bPrev,
        r.surfaceChange.bNew,
      ]);
      expect(m.player1NewRating).toBe(r.overallChange.aNew);
      states.set(m.team1Id, r.a);
      states.set(m.team2Id, r.b);
      const sets = JSON.parse(m.score!) as [number, number][];
      const t1 = sets.filter(([x, y]) => x > y).length;
      expect(t1 > sets.length - t1).toBe(m.winnerTeamId === m.team1Id);
      expect(m.confirmationStatus).toBe("confirmed");
    }
    const pick = (s: RatingState | typeof teams.$inferSelect): RatingState => ({
      rating: s.rating, wins: s.wins, losses: s.losses,
      grassRating: s.grassRating, beachRating: s.beachRating, hardcourtRating: s.hardcourtRating,
      grassWins: s.grassWins, grassLosses: s.grassLosses, beachWins: s.beachWins, beachLosses: s.beachLosses,
      hardcourtWins: s.hardcourtWins, hardcourtLosses: s.hardcourtLosses,
    });
    for (const team of seeded) expect(pick(team)).toEqual(states.get(team.id));

    // Scramble the counters, rebuild, and the stepwise state comes back.
    await t.db.update(teams).set({ rating: 1, grassWins: 99, beachRating: 7 }).where(inArray(teams.id, ids));
    await ranksChanged(t.db);
    const result = await rebuildRatings({ db: t.db });
    expect(result.matches).toBeGreaterThanOrEqual(history.length);
    const rebuilt = await t.db.select().from(teams).where(inArray(teams.id, ids));
    for (const team of rebuilt) expect(pick(team)).toEqual(states.get(team.id));

    // A team with no approved match is reset to the initial state.
    const lonely = (await createTeam(t.db, { team: { rating: 1234, grassWins: 3 } })).team;
    await rebuildRatings({ db: t.db });
    const [after] = await t.db.select().from(teams).where(eq(teams.id, lonely.id));
    expect(pick(after!)).toEqual({ ...INITIAL_RATING_STATE });
  });
});
