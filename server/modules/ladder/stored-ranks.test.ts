// The stored ladder ranks (decision 038): results confirmed at the same moment leave the ranks of
// the last commit (the refresh under the advisory lock), and a team turning inactive with the
// calendar is stored by the job or, before it runs, by the first read of the new club day.
// (After every test, useTestApp also compares the stored ranks with the order computed afresh.)
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ladderRankRows, ladderRanksAsOf } from "@shared/schema";
import type { TeamsPage } from "@shared/types/teams";
import { FixedClock } from "../../lib/clock";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { storedRanksDrift } from "../../../tests/helpers/stored-ranks";
import { reportedMatch } from "../matches/matches.fixtures";
import { activityAt } from "./activity";
import { sweepLadderRanks } from "./stored-ranks";

const DAY_MS = 86_400_000;
// Noon in Vancouver on Tue 10 Mar 2026 (the app's clock; the default club zone, threshold 28 days).
const NOON = new Date("2026-03-10T19:00:00Z");
const clock = new FixedClock(NOON);
let t: TestApp;
useTestApp((app) => (t = app), {}, { clock });

const storedCalendar = async () => (await t.db.select().from(ladderRanksAsOf))[0]?.clubDay;

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
});
