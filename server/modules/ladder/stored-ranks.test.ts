// The stored ladder ranks (decisions 038, 039): results confirmed at the same moment leave the ranks
// of every commit (marks refreshed under the advisory lock), a read right after a confirmation
// answers the new order before the refresher has run, a mark committed during a refresh survives
// it, and a team turning inactive with the calendar is stored by the job or, before it runs, by the
// first read of the new club day. (After every test, useTestApp also compares the stored ranks,
// with the marks left refreshed, with the order computed afresh.)
import { describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { ladderRankChanges, ladderRankRows, ladderRanksAsOf, teams as teamsTable } from "@shared/schema";
import type { CompetitionType, Surface } from "@shared/constants";
import type { TeamsPage } from "@shared/types/teams";
import { LIVE_MESSAGE } from "@shared/types/events";
import { FixedClock } from "../../lib/clock";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, ranksChanged, type TeamFixture } from "../../../tests/helpers/factories";
import { onPostgres } from "../../../tests/helpers/db";
import { storedRanksDrift } from "../../../tests/helpers/stored-ranks";
import { deliverNoticesLate, liveNoticesDelivered } from "../../../tests/helpers/event-stream";
import { reportedMatch } from "../matches/matches.fixtures";
import { activityAt } from "./activity";
import { currentLadderRanks, markLadderRanksChanged, refreshLadderRanks, refreshStatement, sweepLadderRanks } from "./stored-ranks";
import { rebuildRatings } from "./rebuild";
import { rowsOf, type OutsideTx } from "../../db/client";
import type { Ladder } from "./ladder-order";

const DAY_MS = 86_400_000;
// Noon in Vancouver on Tue 10 Mar 2026 (the app's clock; the default club zone, threshold 28 days).
const NOON = new Date("2026-03-10T19:00:00Z");
const clock = new FixedClock(NOON);
let t: TestApp;
useTestApp((app) => (t = app), {}, { clock });

/** Runs `fn` with the app's refresher stopped (only the test refreshes), then starts it again. */
async function withRefresherStopped(fn: () => Promise<void>): Promise<void> {
  t.deps.ladderRanks.stop();
  await t.deps.ladderRanks.idle();
  try {
    await fn();
  } finally {
    t.deps.ladderRanks.start(t.testDb.database.changes);
  }
}
const storedCalendar = async () => (await t.db.select().from(ladderRanksAsOf))[0]?.clubDay;
/** The marks left, oldest first (their ladders; null: every ladder). */
const marksLeft = async () => (await t.db.select().from(ladderRankChanges).orderBy(ladderRankChanges.id)).map((m) => m.ladders);

describe("the stored ladder ranks", () => {
  it("stay equal to the ladder order when several results are confirmed at once", async () => {
    clock.set(NOON);
    const teams: TeamFixture[] = [];
    for (let i = 0; i < 8; i++) teams.push(await createTeam(t.db, { competitionType: "Mixed Doubles" }));
    const matches = [];
    for (let i = 0; i < 8; i += 2) {
      const { match } = await reportedMatch(t.db, {
        reporter: { team: teams[i]!.team, captainId: teams[i]!.captain.id },
        opponent: teams[i + 1]!.team,
        surface: "beach",
      });
      matches.push({ match, approver: teams[i + 1]! });
    }
    const agents = await Promise.all(matches.map((m) => t.signedIn(m.approver.captain.username)));
    // Four approvals in flight together (on PostgreSQL, four transactions at once).
    const answers = await Promise.all(matches.map((m, i) => agents[i]!.post(`/api/matches/${m.match.id}/approve`).send({})));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);

    expect(await storedCalendar()).toBe(activityAt(t.deps).today);
    expect(await storedRanksDrift(t.deps)).toEqual([]);
    // The four winners are on the beach ladder, each above the team it beat.
    const page = (await agents[0]!.get("/api/teams").query({ surface: "beach", competitionType: "Mixed Doubles", limit: 50 }).expect(200)).body as TeamsPage;
    const rankOf = (id: number) => page.items.find((v) => v.id === id)?.surfaceRank ?? null;
    for (const m of matches) expect(rankOf(m.match.team1Id)!).toBeLessThan(rankOf(m.match.team2Id)!);
  }, 60_000);

  it("follow the calendar: the job stores the new club day, and a read before the job refreshes them first", async () => {
    clock.set(NOON);
    // Last active 27 days ago: active today, inactive from the day after tomorrow (28 days).
    const idle = await createTeam(t.db, { competitionType: "Women's Doubles", team: { lastActiveAt: new Date(NOON.getTime() - 27 * DAY_MS) } });
    const row = async () =>
      (await t.db.select().from(ladderRankRows).where(eq(ladderRankRows.teamId, idle.team.id))).find((r) => r.ladder === "overall");
    expect(await row()).toMatchObject({ inactive: false });
    expect((await row())!.clubRank).not.toBeNull();

    // Two days on: the job finds yesterday's calendar and stores today's.
    clock.set(new Date(NOON.getTime() + 2 * DAY_MS));
    expect(await sweepLadderRanks(t.deps)).toEqual({ refreshed: true });
    expect(await sweepLadderRanks(t.deps)).toEqual({ refreshed: false });
    expect(await storedCalendar()).toBe(activityAt(t.deps).today);
    expect(await row()).toMatchObject({ inactive: true, clubRank: null });

    // Back to a day it was active (a clock moved by hand): no job this time, the read refreshes first.
    clock.set(NOON);
    const viewer = await t.signedIn(idle.captain.username);
    const profile = (await viewer.get(`/api/teams/${idle.team.id}`).expect(200)).body as { rank: number | null; inactive: boolean };
    expect(profile.inactive).toBe(false);
    expect(profile.rank).not.toBeNull();
    expect(await storedCalendar()).toBe(activityAt(t.deps).today);
  }, 60_000);

  // A confirmed result renumbers only the overall ladder and its surface's (decision 038), unless a
  // team's activity moved: these fail if that scope is too narrow (the stored rows are compared with
  // the whole ladder order computed afresh, every ladder and category).
  const placeOf = async (teamId: number, ladder: Ladder) =>
    (await t.db.select().from(ladderRankRows).where(and(eq(ladderRankRows.teamId, teamId), eq(ladderRankRows.ladder, ladder))))[0];
  /** Teams on every ladder, ratings spread so that team i is above team i-1 everywhere. */
  const ladderTeams = async (n: number, competitionType: CompetitionType, team: Partial<typeof teamsTable.$inferInsert> = {}) => {
    const made: TeamFixture[] = [];
    for (let i = 0; i < n; i++) {
      const r = 1400 + 20 * i;
      made.push(
        await createTeam(t.db, {
          competitionType,
          team: {
            rating: r, wins: 3, losses: 3, grassRating: r, grassWins: 1, grassLosses: 1, beachRating: r, beachWins: 1, beachLosses: 1,
            hardcourtRating: r, hardcourtWins: 1, hardcourtLosses: 1, lastActiveAt: new Date(NOON.getTime() - DAY_MS), ...team,
          },
        }),
      );
    }
    return made;
  };
  const confirm = async (winner: TeamFixture, loser: TeamFixture, surface: Surface) => {
    const { match } = await reportedMatch(t.db, { reporter: { team: winner.team, captainId: winner.captain.id }, opponent: loser.team, surface });
    const agent = await t.signedIn(loser.captain.username);
    await agent.post(`/api/matches/${match.id}/approve`).send({}).expect(200);
  };

  it("after a confirmation, equal the ladder order on the match's surface, overall and every other ladder", async () => {
    clock.set(NOON);
    const mixed = await ladderTeams(6, "Mixed Doubles");
    await ladderTeams(4, "Men's Doubles");
    const [bottom, top] = [mixed[0]!, mixed[5]!];
    const before = {
      overall: await placeOf(bottom.team.id, "overall"),
      beach: await placeOf(bottom.team.id, "beach"),
      grass: await placeOf(bottom.team.id, "grass"),
    };
    // The last team beats the first one on beach: it climbs on the beach and the overall ladder.
    await confirm(bottom, top, "beach");
    expect(await storedRanksDrift(t.deps)).toEqual([]);
    expect((await placeOf(bottom.team.id, "beach"))!.clubPosition).toBeLessThan(before.beach!.clubPosition);
    expect((await placeOf(bottom.team.id, "overall"))!.categoryPosition).toBeLessThan(before.overall!.categoryPosition);
    // Its grass place did not move (nothing there changed).
    expect(await placeOf(bottom.team.id, "grass")).toEqual(before.grass);
  }, 60_000);

  it("after a confirmation that makes an inactive team active, equal the ladder order on every ladder", async () => {
    clock.set(NOON);
    const others = await ladderTeams(4, "Women's Doubles");
    // Rated above everyone but inactive (no match for 40 days): listed last on every ladder, unranked.
    const [idle] = await ladderTeams(1, "Women's Doubles", {
      rating: 1900,
      grassRating: 1900,
      beachRating: 1900,
      hardcourtRating: 1900,
      lastActiveAt: new Date(NOON.getTime() - 40 * DAY_MS),
    });
    expect(await placeOf(idle!.team.id, "hardcourt")).toMatchObject({ inactive: true, clubRank: null, categoryPosition: 5 });
    // A grass result makes it active: it moves to the top of the hardcourt and beach ladders too.
    await confirm(idle!, others[0]!, "grass");
    expect(await storedRanksDrift(t.deps)).toEqual([]);
    expect(await placeOf(idle!.team.id, "hardcourt")).toMatchObject({ inactive: false, clubRank: 1, categoryPosition: 1 });
    expect(await placeOf(idle!.team.id, "beach")).toMatchObject({ inactive: false, clubRank: 1 });
  }, 60_000);

  it("left behind by a refresh told fewer ladders than changed: the comparison finds the rows", async () => {
    clock.set(NOON);
    const [low] = await ladderTeams(3, "Mixed Doubles");
    // Written directly: the grass rating of the lowest team, now the best on grass.
    await t.db.update(teamsTable).set({ grassRating: 2000 }).where(eq(teamsTable.id, low!.team.id));
    const at = activityAt(t.deps);
    await refreshLadderRanks(t.db, at, { ladders: ["overall", "beach"] });
    // A scope that leaves out the ladder that changed leaves rows behind, and the comparison says so.
    expect((await storedRanksDrift(t.deps)).length).toBeGreaterThan(0);
    await refreshLadderRanks(t.db, at, { ladders: ["grass"] });
    expect(await storedRanksDrift(t.deps)).toEqual([]);
    expect(await placeOf(low!.team.id, "grass")).toMatchObject({ clubPosition: 1, clubRank: 1 });
  }, 60_000);

  // Decision 039: the writers mark, the refresher (or the first reader) renumbers after the commit.
  const beachPage = async (viewer: TeamFixture, competitionType: CompetitionType) => {
    const agent = await t.signedIn(viewer.captain.username);
    return (await agent.get("/api/teams").query({ surface: "beach", competitionType, limit: 50 }).expect(200)).body as TeamsPage;
  };

  it("read your writes: with the refresher stopped, a confirmation leaves the rows behind but the next ladder reads answer the new order", async () => {
    clock.set(NOON);
    const mixed = await ladderTeams(5, "Mixed Doubles");
    const [bottom, top] = [mixed[0]!, mixed[4]!];
    const before = await placeOf(bottom.team.id, "beach");
    expect(before!.categoryPosition).toBeGreaterThan((await placeOf(top.team.id, "beach"))!.categoryPosition);
    await withRefresherStopped(async () => {
      await confirm(bottom, top, "beach");
      // Committed and marked, not renumbered: the stored rows are the old order.
      expect(await marksLeft()).toEqual([["overall", "beach"]]);
      expect(await placeOf(bottom.team.id, "beach")).toEqual(before);
      expect((await storedRanksDrift(t.deps, { refreshFirst: false })).length).toBeGreaterThan(0);
      // The reads find the mark, refresh first (eight at once, as every open ladder refetches after a
      // confirmation: they share the refresh), and each answers the new order (the winner climbed).
      const pages = await Promise.all(Array.from({ length: 8 }, () => beachPage(top, "Mixed Doubles")));
      for (const page of pages) expect(page.items.find((v) => v.id === bottom.team.id)!.surfaceRank!).toBeLessThan(before!.categoryRank!);
      expect(await marksLeft()).toEqual([]);
      expect(await storedRanksDrift(t.deps, { refreshFirst: false })).toEqual([]);
    });
  }, 60_000);

  it("another member's read does not wait for the refresh of someone else's confirmation: it answers the stored order and starts the refresh (decision 045)", async () => {
    clock.set(NOON);
    const onTime = deliverNoticesLate(t.deps, 30);
    const ladderNotices: string[] = [];
    let stopListening = () => {};
    try {
      const mixed = await ladderTeams(5, "Mixed Doubles");
      const [bottom, watcher, top] = [mixed[0]!, mixed[2]!, mixed[4]!];
      const before = await placeOf(bottom.team.id, "beach");
      await withRefresherStopped(async () => {
        // Counted from here: the set-up's notices (each factory's refresh moved places) are in first.
        await liveNoticesDelivered(t.deps);
        stopListening = t.deps.database.live.onNotice((payload) => {
          if (payload.includes(LIVE_MESSAGE.ladderChanged)) ladderNotices.push(payload);
        });
        await confirm(bottom, top, "beach"); // approved by the top team's captain
        // The confirmation's commit tells every tab (the ratings moved).
        await vi.waitFor(() => expect(ladderNotices).toHaveLength(1), { timeout: 10_000 });
        const rated = (await t.db.select().from(teamsTable).where(eq(teamsTable.id, bottom.team.id)))[0]!;
        // A third team's captain: the order as stored (the winner not yet moved), with the ratings of now.
        const seen = (await beachPage(watcher, "Mixed Doubles")).items.find((v) => v.id === bottom.team.id)!;
        expect(seen.surfaceRank).toBe(before!.categoryRank);
        expect(rated.beachRating).toBeGreaterThan(1400);
        expect(seen.beachRating).toBe(rated.beachRating);
        // The read started the refresh (the refresher is stopped): the mark goes, the new order is stored.
        await vi.waitFor(async () => expect(await marksLeft()).toEqual([]), { timeout: 10_000 });
        expect(await storedRanksDrift(t.deps, { refreshFirst: false })).toEqual([]);
        // It moved places: its commit tells every tab again, and the next read answers the new order.
        await vi.waitFor(() => expect(ladderNotices).toHaveLength(2), { timeout: 10_000 });
        const after = (await beachPage(watcher, "Mixed Doubles")).items.find((v) => v.id === bottom.team.id)!;
        expect(after.surfaceRank!).toBeLessThan(before!.categoryRank!);
      });
    } finally {
      stopListening();
      onTime();
    }
  }, 60_000);

  it("the refresher, woken by a confirmation's mark, renumbers after the commit and leaves no mark", async () => {
    clock.set(NOON);
    const mixed = await ladderTeams(5, "Mixed Doubles");
    const [bottom, top] = [mixed[0]!, mixed[4]!];
    const before = await placeOf(bottom.team.id, "beach");
    await confirm(bottom, top, "beach");
    // The commit woke it (this process's data change after the mark's signal): its run ends.
    await t.deps.ladderRanks.idle();
    expect(await marksLeft()).toEqual([]);
    expect(await storedRanksDrift(t.deps, { refreshFirst: false })).toEqual([]);
    expect((await placeOf(bottom.team.id, "beach"))!.categoryPosition).toBeLessThan(before!.categoryPosition);
  }, 60_000);

  it("a change of an input that marks nothing is caught: the comparison finds the rows left behind", async () => {
    clock.set(NOON);
    const [low] = await ladderTeams(3, "Men's Doubles");
    // Written directly, no mark (a writer that forgot markLadderRanksChanged): the best on hardcourt now.
    await t.db.update(teamsTable).set({ hardcourtRating: 2100 }).where(eq(teamsTable.id, low!.team.id));
    // The refresh the check runs first consumes marks only: there are none, so nothing moves.
    expect((await storedRanksDrift(t.deps)).length).toBeGreaterThan(0);
    expect(await placeOf(low!.team.id, "hardcourt")).not.toMatchObject({ clubRank: 1 });
    // Marked: the next refresh renumbers it.
    await ranksChanged(t.db);
    expect(await storedRanksDrift(t.deps)).toEqual([]);
    expect(await placeOf(low!.team.id, "hardcourt")).toMatchObject({ clubRank: 1 });
  }, 60_000);

  it("refuse to be refreshed inside another transaction (which may hold rows a refresh needs: decision 040)", async () => {
    clock.set(NOON);
    const at = activityAt(t.deps);
    // Only this test refreshes: the app's refresher would otherwise consume the mark first.
    await withRefresherStopped(async () => {
      await markLadderRanksChanged(t.db);
      // A transaction's handle passed where the database is expected (the types refuse one typed as such).
      const refusals = await t.db.transaction(async (tx) => {
        const inside = tx as unknown as OutsideTx;
        const tries = [
          () => refreshLadderRanks(inside, at),
          () => sweepLadderRanks({ ...t.deps, db: inside }),
          () => currentLadderRanks({ ...t.deps, db: inside }),
        ];
        const out: string[] = [];
        for (const run of tries) out.push(await run().then(() => "ran", (e: Error) => e.message));
        return out;
      });
      expect(refusals).toEqual(Array(3).fill("A refresh of the stored ladder ranks must run in its own transaction, not inside another one"));
      // Outside, the same calls refresh.
      expect(await sweepLadderRanks(t.deps)).toEqual({ refreshed: true });
      expect(await marksLeft()).toEqual([]);
    });
  });

  it.skipIf(!onPostgres())("a rating rebuild that locks every team while a refresh waits for one of them finishes, and so does the refresh (PostgreSQL)", async () => {
    clock.set(NOON);
    const [low] = await ladderTeams(3, "Men's Doubles");
    const at = activityAt(t.deps);
    await withRefresherStopped(async () => {
      // A team without its stored rows: the refresh inserts them, and the insert's foreign-key check
      // waits for the team row while a rebuild holds it (FOR UPDATE).
      await t.db.delete(ladderRankRows).where(eq(ladderRankRows.teamId, low!.team.id));
      let rebuilt: Promise<unknown> | undefined;
      let settled = false;
      // The refresher's side: the lock first, then (once the rebuild holds every team row and either
      // waits or has committed) the statement.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(727038)`);
        rebuilt = rebuildRatings({ db: t.db }).finally(() => (settled = true));
        rebuilt.catch(() => undefined);
        const waitingForTheLock = async () =>
          rowsOf<{ waiting: boolean }>(await t.db.execute(sql`select exists (select 1 from pg_locks where locktype = 'advisory' and not granted) as waiting`))[0]!.waiting;
        await expect.poll(async () => settled || (await waitingForTheLock()), { timeout: 30_000 }).toBe(true);
        await tx.execute(refreshStatement(at));
      });
      // Neither was chosen as a deadlock's victim; the rebuild's mark was consumed by that statement
      // (it started after the rebuild's commit) or is by the next refresh.
      await rebuilt;
      await sweepLadderRanks(t.deps);
      expect(await marksLeft()).toEqual([]);
      expect(await storedRanksDrift(t.deps, { refreshFirst: false })).toEqual([]);
      expect(await placeOf(low!.team.id, "overall")).toBeDefined();
    });
  }, 60_000);

  it.skipIf(!onPostgres())("a mark committed after a refresh's snapshot survives that refresh (PostgreSQL)", async () => {
    clock.set(NOON);
    const [low] = await ladderTeams(3, "Women's Doubles");
    const at = activityAt(t.deps);
    // Only this test refreshes (the app's refresher would wait on the lock, then update the same rows).
    await withRefresherStopped(async () => {
      await markLadderRanksChanged(t.db, { ladders: ["beach"] });
      // The refresh's transaction takes its snapshot (REPEATABLE READ: at its first statement, the
      // lock) before another connection commits a change and its mark; its statement then runs.
      await t.db.transaction(
        async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(727038)`);
          await t.db.transaction(async (other) => {
            await other.update(teamsTable).set({ grassRating: 2200 }).where(eq(teamsTable.id, low!.team.id));
            await markLadderRanksChanged(other, { ladders: ["grass"] });
          });
          await tx.execute(refreshStatement(at, []));
        },
        { isolationLevel: "repeatable read" },
      );
      // The beach mark was consumed; the grass one, committed after the snapshot, is left, and so
      // the ranks are not current: the next refresh renumbers grass.
      expect(await marksLeft()).toEqual([["grass"]]);
      expect((await storedRanksDrift(t.deps, { refreshFirst: false })).length).toBeGreaterThan(0);
      expect(await sweepLadderRanks(t.deps)).toEqual({ refreshed: true });
      expect(await marksLeft()).toEqual([]);
      expect(await storedRanksDrift(t.deps, { refreshFirst: false })).toEqual([]);
      expect(await placeOf(low!.team.id, "grass")).toMatchObject({ clubRank: 1 });
    });
  }, 60_000);
});
