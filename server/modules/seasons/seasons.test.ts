// Seasons (docs/product.md, "Seasons", "Season archives", "Carry-over", "Wildcards"): the admin's
// rules and messages, the close exactly once (two sweeps, two instances, a restart), the frozen
// snapshot, the carry-over reproduced by a replay of history, and newcomers' wildcards counted and
// refused when used up. On both databases.
import { describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { seasonCarryOvers, seasons, seasonStandings, seasonWildcards, teams } from "@shared/schema";
import { addDays, clubDay } from "@shared/time";
import { DEFAULT_RATING } from "@shared/constants";
import { ratingStateOf } from "@shared/rating";
import { pullTowardStart } from "@shared/rating/carry-over";
import { SEASON_MESSAGES, SEASON_NAME_MAX, seasonOverlapMessage } from "@shared/validators/seasons";
import type { ArchivedSeasonsPage, CurrentSeason, SeasonStandingsPage } from "@shared/types/seasons";
import type { ChallengeCandidatesPage } from "@shared/types/challenges";
import { createTestApp, useTestApp, type TestApp } from "../../../tests/helpers/app";
import { challengeBody, createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { reportedMatch } from "../matches/matches.fixtures";
import { confirmMatch } from "../matches/confirm.service";
import { rebuildRatings } from "../ladder";
import { sweepSeasons } from "./seasons.service";

let t: TestApp;
useTestApp((app) => (t = app));

const todayOf = (app: TestApp) => clubDay(new Date(), app.env.CLUB_TIMEZONE);
const dayIn = (app: TestApp, n: number) => addDays(todayOf(app), n);

/** A confirmed result: `winner` beat `loser` on `surface`. */
async function played(app: TestApp, winner: TeamFixture, loser: TeamFixture, surface: "grass" | "beach" | "hardcourt" = "grass"): Promise<void> {
  const { match } = await reportedMatch(app.db, { reporter: { team: winner.team, captainId: winner.captain.id }, opponent: loser.team, surface });
  await confirmMatch({ db: app.db, matchId: match.id, approvedBy: null, via: "token", appUrl: app.env.APP_URL });
}

/** A season whose days are over and that waits for its close (as the jobs runner finds it). */
async function endedSeason(app: TestApp, name: string, carryOverPercent = 0): Promise<number> {
  const [row] = await app.db
    .insert(seasons)
    .values({ name, firstDay: dayIn(app, -30), lastDay: dayIn(app, -1), carryOverPercent, startedAt: new Date() })
    .returning();
  return row!.id;
}

const standingsOf = (app: TestApp, seasonId: number) =>
  app.db
    .select()
    .from(seasonStandings)
    .where(eq(seasonStandings.seasonId, seasonId))
    .orderBy(asc(seasonStandings.ladder), asc(seasonStandings.scope), asc(seasonStandings.position));

describe("planning seasons", () => {
  it("refuses a bad name, an end not after the start, a start in the past and an overlap, with the product's messages", async () => {
    const { agent } = await t.signedInAdmin();
    const ok = { name: "Winter Term 2027", firstDay: dayIn(t, 400), lastDay: dayIn(t, 500), carryOverPercent: 20 };

    const noName = await agent.post("/api/admin/seasons").send({ ...ok, name: "  " });
    expect(noName.status).toBe(400);
    expect(noName.body.fields.name).toBe(SEASON_MESSAGES.name);
    const long = await agent.post("/api/admin/seasons").send({ ...ok, name: "x".repeat(SEASON_NAME_MAX + 1) });
    expect(long.body.fields.name).toBe(SEASON_MESSAGES.name);
    const sameDay = await agent.post("/api/admin/seasons").send({ ...ok, lastDay: ok.firstDay });
    expect(sameDay.status).toBe(400);
    expect(sameDay.body.fields.lastDay).toBe(SEASON_MESSAGES.order);
    const tooMuch = await agent.post("/api/admin/seasons").send({ ...ok, carryOverPercent: 51 });
    expect(tooMuch.body.fields.carryOverPercent).toBe(SEASON_MESSAGES.carryOver);
    const past = await agent.post("/api/admin/seasons").send({ ...ok, firstDay: dayIn(t, -1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(SEASON_MESSAGES.past);

    const created = await agent.post("/api/admin/seasons").send(ok);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: ok.name, state: "upcoming", carryOverPercent: 20 });

    // Overlapping by a single day is an overlap; the day after its last is not.
    const overlap = await agent.post("/api/admin/seasons").send({ ...ok, name: "Spring", firstDay: ok.lastDay, lastDay: dayIn(t, 520) });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(seasonOverlapMessage(ok));
    expect(overlap.body.title).toBe("Failed to Save Season");
    const after = await agent.post("/api/admin/seasons").send({ ...ok, name: "Spring", firstDay: dayIn(t, 501), lastDay: dayIn(t, 520) });
    expect(after.status).toBe(201);

    // Changing a future season: its own days do not clash with itself, another's do.
    const renamed = await agent.put(`/api/admin/seasons/${created.body.id}`).send({ ...ok, name: "Winter Term 2027 (long)" });
    expect(renamed.status).toBe(200);
    const clash = await agent.put(`/api/admin/seasons/${created.body.id}`).send({ ...ok, lastDay: dayIn(t, 505) });
    expect(clash.status).toBe(409);
    expect((await agent.put("/api/admin/seasons/2000000000").send(ok)).status).toBe(404);

    // A season that has not started cannot be closed.
    const early = await agent.post(`/api/admin/seasons/${created.body.id}/close`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(SEASON_MESSAGES.notStarted);

    const listed = await agent.get("/api/admin/seasons");
    expect(listed.body.items.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(["Winter Term 2027 (long)", "Spring"]));
  });

  describe("on a database of its own", () => {
    let app: TestApp;
    useTestApp((made) => (app = made));

  it("has one current season (the one whose days contain today), else none and the next one", async () => {
    {
      const { agent } = await app.signedInAdmin();
      const none = await agent.get("/api/seasons/current");
      expect(none.body).toEqual({ current: null, next: null });
      await agent.post("/api/admin/seasons").send({ name: "Later", firstDay: dayIn(app, 10), lastDay: dayIn(app, 20) });
      const between = (await agent.get("/api/seasons/current")).body as CurrentSeason;
      expect(between.current).toBeNull();
      expect(between.next?.name).toBe("Later");
      const now = await agent.post("/api/admin/seasons").send({ name: "Now", firstDay: todayOf(app), lastDay: dayIn(app, 5) });
      expect(now.body.state).toBe("current");
      const current = (await agent.get("/api/seasons/current")).body as CurrentSeason;
      expect(current.current?.name).toBe("Now");
      // Started: it can no longer be changed, only closed.
      const change = await agent.put(`/api/admin/seasons/${now.body.id}`).send({ name: "Renamed", firstDay: todayOf(app), lastDay: dayIn(app, 6) });
      expect(change.status).toBe(409);
      expect(change.body.message).toBe(SEASON_MESSAGES.notFuture);
      // Closed now: today becomes its last day, and no season is current.
      const closed = await agent.post(`/api/admin/seasons/${now.body.id}/close`);
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ state: "closed", lastDay: todayOf(app) });
      const again = await agent.post(`/api/admin/seasons/${now.body.id}/close`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(SEASON_MESSAGES.closed);
      expect(((await agent.get("/api/seasons/current")).body as CurrentSeason).current).toBeNull();
    }
  });
  });
});

describe("closing a season", () => {
  it("freezes the standings once, whoever closes it and however many sweeps run at once", async () => {
    const top = await createTeam(t.db, { name: "Close Top", competitionType: "Mixed Doubles" });
    const low = await createTeam(t.db, { name: "Close Low", competitionType: "Mixed Doubles" });
    await played(t, top, low, "beach");
    const seasonId = await endedSeason(t, "Autumn Close");

    const { agent } = await t.signedInAdmin();
    const results = await Promise.all([sweepSeasons(t.deps), sweepSeasons(t.deps), agent.post(`/api/admin/seasons/${seasonId}/close`)]);
    const [a, b, byAdmin] = results;
    expect(a.closed + b.closed + (byAdmin.status === 200 ? 1 : 0)).toBe(1);
    if (byAdmin.status !== 200) expect(byAdmin.status).toBe(409);
    const rows = await standingsOf(t, seasonId);
    // Each ladder once: positions 1..n within each (ladder, scope), no repeats.
    const keys = rows.map((r) => `${r.ladder}|${r.scope}|${r.position}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((r) => r.teamId === top.team.id && r.ladder === "beach").map((r) => r.scope).sort()).toEqual(["Mixed Doubles", "all"]);
    // A restart: the sweep finds nothing more to do.
    expect((await sweepSeasons(t.deps)).closed).toBe(0);
    expect(await standingsOf(t, seasonId)).toEqual(rows);

    const [season] = await t.db.select().from(seasons).where(eq(seasons.id, seasonId));
    expect(season!.closedAt).not.toBeNull();
  });

  it("keeps the snapshot as it was when teams are renamed, deleted and their matches purged", async () => {
    const champ = await createTeam(t.db, { name: "Snapshot Champs", competitionType: "Women's Doubles" });
    const second = await createTeam(t.db, { name: "Snapshot Second", competitionType: "Women's Doubles" });
    await played(t, champ, second, "hardcourt");
    await played(t, champ, second, "hardcourt");
    const seasonId = await endedSeason(t, "Snapshot Term");
    await sweepSeasons(t.deps);
    const frozen = await standingsOf(t, seasonId);
    const hard = frozen.filter((r) => r.ladder === "hardcourt" && r.scope === "Women's Doubles");
    expect(hard[0]).toMatchObject({ rank: 1, teamName: "Snapshot Champs", wins: 2, losses: 0 });
    expect(hard[0]!.rating).toBe((await t.db.select().from(teams).where(eq(teams.id, champ.team.id)))[0]!.hardcourtRating);

    const { agent } = await t.signedInAdmin();
    const list = (await agent.get("/api/seasons")).body as ArchivedSeasonsPage;
    const archived = list.items.find((s) => s.id === seasonId)!;
    expect(archived.champions).toContainEqual(expect.objectContaining({ ladder: "hardcourt", scope: "Women's Doubles", teamName: "Snapshot Champs" }));

    // Renamed, soft-deleted, hard-deleted, matches purged: the archive does not move.
    await t.db.update(teams).set({ name: "Renamed Champs" }).where(eq(teams.id, champ.team.id));
    await t.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, second.team.id));
    expect((await agent.delete("/api/admin/purge-confirmed-matches")).status).toBe(200);
    await t.db.delete(teams).where(eq(teams.id, second.team.id));
    expect(await standingsOf(t, seasonId)).toEqual(frozen);

    const page = (await agent.get(`/api/seasons/${seasonId}/standings?ladder=hardcourt&competitionType=Women's%20Doubles`)).body as SeasonStandingsPage;
    expect(page.items.slice(0, 2).map((r) => r.teamName)).toEqual(["Snapshot Champs", "Snapshot Second"]);
    expect(page.items[1]).toMatchObject({ rank: 2, wins: 0, losses: 2 });
  });

  it("answers 404 for a season that is not closed or does not exist, and 400 for a bad ladder", async () => {
    const { agent } = await t.signedInAdmin();
    const [open] = await t.db.insert(seasons).values({ name: "Far Future", firstDay: dayIn(t, 3000), lastDay: dayIn(t, 3010) }).returning();
    const notClosed = await agent.get(`/api/seasons/${open!.id}`);
    expect(notClosed.status).toBe(404);
    expect(notClosed.body.message).toBe(SEASON_MESSAGES.notClosed);
    expect((await agent.get("/api/seasons/2000000000/standings")).status).toBe(404);
    expect((await agent.get(`/api/seasons/${open!.id}/standings?ladder=clay`)).status).toBe(400);
    await t.db.delete(seasons).where(eq(seasons.id, open!.id));
  });

  // Two server processes on one PostgreSQL database, and a third started after (a restart).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("closes once across two instances and a restart", async () => {
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const team = await createTeam(t.db, { name: "Two Instances" });
      const other = await createTeam(t.db, { name: "Two Instances B" });
      await played(t, team, other);
      const seasonId = await endedSeason(t, "Two Instance Term");
      const runs = await Promise.all([sweepSeasons(t.deps), sweepSeasons(second.deps), sweepSeasons(t.deps), sweepSeasons(second.deps)]);
      expect(runs.reduce((n, r) => n + r.closed, 0)).toBe(1);
      const rows = await standingsOf(t, seasonId);
      expect(rows.length).toBeGreaterThan(0);
      await second.close();
      const restarted = await createTestApp({}, { sameDatabaseAs: t });
      try {
        expect((await sweepSeasons(restarted.deps)).closed).toBe(0);
        expect(await standingsOf(restarted, seasonId)).toEqual(rows);
      } finally {
        await restarted.close();
      }
    } finally {
      await second.close().catch(() => undefined);
    }
  });
});

describe("the carry-over", () => {
  let app: TestApp;
  useTestApp((made) => (app = made));

  it("pulls every rating toward the start once when a season starts, and a replay of history reproduces it", async () => {
    const a = await createTeam(app.db, { name: "Carry A" });
    const b = await createTeam(app.db, { name: "Carry B" });
    const c = await createTeam(app.db, { name: "Carry C" });
    await played(app, a, b);
    await played(app, a, c, "beach");
    await played(app, b, c, "hardcourt");
    const ids = [a.team.id, b.team.id, c.team.id];
    const before = await app.db.select().from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.id));

    // The previous season closes first, then the new one starts with its carry-over (30 %).
    await endedSeason(app, "Before Carry");
    const [season] = await app.db
      .insert(seasons)
      .values({ name: "Carry Term", firstDay: todayOf(app), lastDay: dayIn(app, 60), carryOverPercent: 30 })
      .returning();
    const runs = await Promise.all([sweepSeasons(app.deps), sweepSeasons(app.deps)]);
    expect(runs.reduce((n, r) => n + r.closed, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.started, 0)).toBe(1);
    expect((await sweepSeasons(app.deps)).started).toBe(0);

    const carried = await app.db.select().from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.id));
    for (const [i, team] of carried.entries()) {
      const was = before[i]!;
      expect(team.rating).toBe(pullTowardStart(was.rating, 30));
      expect(team.grassRating).toBe(pullTowardStart(was.grassRating, 30));
      expect(team.beachRating).toBe(pullTowardStart(was.beachRating, 30));
      expect(team.hardcourtRating).toBe(pullTowardStart(was.hardcourtRating, 30));
      expect([team.wins, team.losses, team.grassWins]).toEqual([was.wins, was.losses, was.grassWins]);
    }
    expect(carried[0]!.rating).not.toBe(before[0]!.rating);
    expect(Math.abs(carried[0]!.rating - DEFAULT_RATING)).toBeLessThan(Math.abs(before[0]!.rating - DEFAULT_RATING));
    const events = await app.db.select().from(seasonCarryOvers).where(eq(seasonCarryOvers.seasonId, season!.id));
    expect(events).toHaveLength(1);
    expect(events[0]!.percent).toBe(30);

    // More matches after it, then the whole history replayed: every rating exactly as it is.
    await played(app, c, a);
    await played(app, b, a, "beach");
    const live = (await app.db.select().from(teams).orderBy(asc(teams.id))).map((r) => [r.id, ratingStateOf(r)]);
    await app.db.update(teams).set({ rating: 1, grassRating: 2 }).where(inArray(teams.id, ids));
    await rebuildRatings({ db: app.db });
    const replayed = (await app.db.select().from(teams).orderBy(asc(teams.id))).map((r) => [r.id, ratingStateOf(r)]);
    expect(replayed).toEqual(live);

    // Without the recorded event the replay would differ: the test can fail.
    await app.db.delete(seasonCarryOvers).where(and(eq(seasonCarryOvers.seasonId, season!.id)));
    await rebuildRatings({ db: app.db });
    const without = (await app.db.select().from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.id))).map((r) => r.rating);
    expect(without).not.toEqual(live.filter(([id]) => ids.includes(id as number)).map(([, s]) => (s as { rating: number }).rating));
  });
});

describe("wildcards", () => {
  let app: TestApp;
  useTestApp((made) => (app = made));

  it("give a team in its first season 2 challenges past the reach limit, shown on the table, counted, then refused", async () => {
    // An earlier season (closed) and the current one.
    await app.db.insert(seasons).values({ name: "Old Term", firstDay: dayIn(app, -200), lastDay: dayIn(app, -101), closedAt: new Date(), startedAt: new Date() });
    await app.db.insert(seasons).values({ name: "Wild Term", firstDay: dayIn(app, -10), lastDay: dayIn(app, 60), startedAt: new Date() });
    // Six ranked teams on the grass ladder of Mixed Doubles, best first.
    const ranked: TeamFixture[] = [];
    for (let i = 0; i < 6; i++) {
      ranked.push(
        await createTeam(app.db, { name: `Wild Ranked ${i + 1}`, competitionType: "Mixed Doubles", team: { grassRating: 1900 - i * 50, grassWins: 3 } }),
      );
    }
    const newcomer = await createTeam(app.db, { name: "Wild Newcomer", competitionType: "Mixed Doubles" });
    // Created during the old season: its first season is over.
    const veteran = await createTeam(app.db, {
      name: "Wild Veteran",
      competitionType: "Mixed Doubles",
      team: { createdAt: new Date(Date.now() - 150 * 86_400_000) },
    });

    const candidates = async (who: TeamFixture) => {
      const agent = await app.signedIn(who.captain.username);
      const res = await agent.get("/api/challenges/candidates?surface=grass&competitionType=Mixed%20Doubles&limit=50");
      expect(res.status).toBe(200);
      return { agent, page: res.body as ChallengeCandidatesPage };
    };
    const row = (page: ChallengeCandidatesPage, team: TeamFixture) => page.items.find((r) => r.id === team.team.id)!;

    // The newcomer is unranked (counted as #7): #4 to #6 are within reach, #1 to #3 need a wildcard.
    const mine = await candidates(newcomer);
    expect(mine.page.me?.wildcardsLeft).toBe(2);
    expect(row(mine.page, ranked[0]!)).toMatchObject({ reachable: true, wildcard: true });
    expect(row(mine.page, ranked[4]!)).toMatchObject({ reachable: true, wildcard: false });
    const theirs = await candidates(veteran);
    expect(theirs.page.me?.wildcardsLeft).toBeNull();
    expect(row(theirs.page, ranked[0]!)).toMatchObject({ reachable: false, wildcard: false, reasonCode: "out_of_reach" });

    // Three at once: two use both wildcards, the third is refused; within reach still works.
    const sent = await Promise.all([0, 1, 2].map((i) => mine.agent.post("/api/challenges").send(challengeBody(ranked[i]!))));
    expect(sent.map((r) => r.status).sort()).toEqual([201, 201, 400]);
    const third = sent.find((r) => r.status === 400)!;
    expect(third.body.code).toBe("wildcards_used");
    expect(third.body.message).toContain(SEASON_MESSAGES.wildcardsUsed);
    expect((await mine.agent.post("/api/challenges").send(challengeBody(ranked[5]!))).status).toBe(201);
    const used = await app.db.select().from(seasonWildcards).where(eq(seasonWildcards.teamId, newcomer.team.id));
    expect(used).toHaveLength(2);
    const after = await candidates(newcomer);
    expect(after.page.me?.wildcardsLeft).toBe(0);
    const refusedRow = after.page.items.find((r) => [0, 1, 2].some((i) => ranked[i]!.team.id === r.id) && r.reasonCode !== "challenge_active")!;
    expect(refusedRow).toMatchObject({ reachable: false, wildcard: false, reasonCode: "wildcards_used" });
    // The veteran is refused with the reach rule alone.
    const refused = await theirs.agent.post("/api/challenges").send(challengeBody(ranked[0]!));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("out_of_reach");
  });

  it("are not in a backup: an overwrite restore keeps the archive and the carry-overs, and drops wildcard uses with the teams", async () => {
    const a = await createTeam(app.db, { name: "Backup A" });
    const b = await createTeam(app.db, { name: "Backup B" });
    await played(app, a, b);
    const seasonId = await endedSeason(app, "Backup Term");
    await sweepSeasons(app.deps);
    const frozen = await standingsOf(app, seasonId);
    expect(frozen.length).toBeGreaterThan(0);
    const events = await app.db.select().from(seasonCarryOvers);
    const { agent } = await app.signedInAdmin();
    const backup = await agent.get("/api/admin/export-full-backup");
    expect(backup.status).toBe(200);
    expect(Object.keys(backup.body.tables as object).sort()).toEqual(["challenges", "disputes", "matches", "system_settings", "teams", "users"]);
    const restored = await agent.post("/api/admin/import-backup?mode=overwrite").set("Content-Type", "application/json").send(JSON.stringify(backup.body));
    expect(restored.status).toBe(200);
    expect(await standingsOf(app, seasonId)).toEqual(frozen);
    expect(await app.db.select().from(seasonCarryOvers)).toEqual(events);
    expect(await app.db.select().from(seasonWildcards)).toEqual([]);
  });
});
