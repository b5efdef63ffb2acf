// A team's away time (docs/product.md, "Away") and its activity (docs/product.md, "Activity"),
// through HTTP, with the app's clock set (FixedClock): the ranges' rules and messages, who may
// change them, that an away team cannot be challenged, and when a team is inactive.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { challenges, clubBreaks, teamAway, teams } from "@shared/schema";
import { CHALLENGE_STATUS } from "@shared/constants";
import { zonedDayStart } from "@shared/time";
import { AWAY_MESSAGES } from "@shared/validators/away";
import { SURFACE_LOCATIONS } from "@shared/constants";
import type { TeamAwayView } from "@shared/types/away";
import type { TeamsPage, TeamView } from "@shared/types/teams";
import type { ChallengeCandidatesPage, ChallengesPage } from "@shared/types/challenges";
import { addDays, clubDay } from "@shared/time";
import { FixedClock } from "../../lib/clock";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, ranksChanged, type TeamFixture } from "../../../tests/helpers/factories";
import { listAwayOverlapping } from "./away.service";
import { acceptedChallenge, reportedMatch } from "../matches/matches.fixtures";

// Noon in Vancouver on Tue 10 Mar 2026 (the app's clock; the default club zone).
const NOON = new Date("2026-03-10T19:00:00Z");
const clock = new FixedClock(NOON);
let t: TestApp;
useTestApp((app) => (t = app), {}, { clock });

const TODAY = "2026-03-10";
const day = (n: number) => addDays(TODAY, n);
const DAY_MS = 86_400_000;

async function setAway(captain: TeamFixture["captain"], teamId: number, body: unknown) {
  const agent = await t.signedIn(captain.username);
  return agent.post(`/api/teams/${teamId}/away`).send(body as object);
}

describe("a team's away time", () => {
  it("pauses the clocks of the team's open challenges: a deadline after its start moves later by the days it covers", async () => {
    clock.set(NOON);
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const c = await createTeam(t.db);
    const zone = t.env.CLUB_TIMEZONE;
    const inRange = new Date(zonedDayStart(day(3), zone).getTime() + 3_600_000);
    const before = new Date(zonedDayStart(day(1), zone).getTime() + 3_600_000);
    const pending = await acceptedChallenge(t.db, b.team, a.team, "grass", CHALLENGE_STATUS.pending);
    const accepted = await acceptedChallenge(t.db, a.team, c.team, "beach");
    await t.db.update(challenges).set({ acceptBy: inRange }).where(eq(challenges.id, pending.id));
    await t.db.update(challenges).set({ playBy: before }).where(eq(challenges.id, accepted.id));
    // Away from day 2 to day 6: five club days.
    expect((await setAway(a.captain, a.team.id, { firstDay: day(2), lastDay: day(6) })).status).toBe(201);
    const length = zonedDayStart(day(7), zone).getTime() - zonedDayStart(day(2), zone).getTime();
    const [p] = await t.db.select().from(challenges).where(eq(challenges.id, pending.id));
    const [q] = await t.db.select().from(challenges).where(eq(challenges.id, accepted.id));
    expect(p!.acceptBy!.getTime()).toBe(inRange.getTime() + length);
    // A deadline before the range starts runs as it did.
    expect(q!.playBy!.getTime()).toBe(before.getTime());
  });

  it("the captain sets it from today or later, at most 21 days, and reads it back", async () => {
    clock.set(NOON);
    const a = await createTeam(t.db);
    const res = await setAway(a.captain, a.team.id, { firstDay: TODAY, lastDay: day(20) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ today: TODAY, current: { teamId: a.team.id, firstDay: TODAY, lastDay: day(20) } });
    const partner = await t.signedIn(a.partner.username);
    const read = (await partner.get(`/api/teams/${a.team.id}/away`).expect(200)).body as TeamAwayView;
    expect(read.current).toMatchObject({ firstDay: TODAY, lastDay: day(20) });
  });

  it("refuses bad ranges with their messages", async () => {
    clock.set(NOON);
    const a = await createTeam(t.db);
    const cases: [unknown, number, string][] = [
      [{ firstDay: day(-1), lastDay: day(3) }, 400, AWAY_MESSAGES.past],
      [{ firstDay: day(3), lastDay: day(2) }, 400, AWAY_MESSAGES.order],
      [{ firstDay: day(1), lastDay: day(22) }, 400, AWAY_MESSAGES.tooLong],
      [{ firstDay: "2026-02-30", lastDay: day(2) }, 400, AWAY_MESSAGES.firstDay],
      [{ firstDay: day(1) }, 400, AWAY_MESSAGES.lastDay],
      [{ firstDay: day(1), lastDay: day(2), teamId: 1 }, 400, "Unknown field: teamId"],
    ];
    for (const [body, status, message] of cases) {
      const res = await setAway(a.captain, a.team.id, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
      expect(res.body.title).toBe("Could Not Set Away");
    }
    // A one-day range is fine; a second range while one is not over is refused.
    expect((await setAway(a.captain, a.team.id, { firstDay: day(1), lastDay: day(1) })).status).toBe(201);
    const again = await setAway(a.captain, a.team.id, { firstDay: day(5), lastDay: day(6) });
    expect([again.status, again.body.message]).toEqual([409, "Your team is already away from Wed 11 Mar to Wed 11 Mar: change or cancel that first."]);
  });

  it("only the team's captain changes it: another captain 403, a partner 403, an unknown team 404", async () => {
    clock.set(NOON);
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const other = await setAway(b.captain, a.team.id, { firstDay: day(1), lastDay: day(2) });
    expect([other.status, other.body.message]).toEqual([403, "Only the team captain can change this team."]);
    const partner = await t.signedIn(a.partner.username);
    expect((await partner.post(`/api/teams/${a.team.id}/away`).send({ firstDay: day(1), lastDay: day(2) })).status).toBe(403);
    expect((await setAway(a.captain, 2_000_000_000, { firstDay: day(1), lastDay: day(2) })).status).toBe(404);
    expect(await t.db.select().from(teamAway).where(eq(teamAway.teamId, a.team.id))).toEqual([]);
  });

  it("coming back sooner and cancelling: a range not begun is removed, a running one ends yesterday", async () => {
    clock.set(NOON);
    const a = await createTeam(t.db);
    const agent = await t.signedIn(a.captain.username);
    const set = (await agent.post(`/api/teams/${a.team.id}/away`).send({ firstDay: day(2), lastDay: day(10) }).expect(201)).body as TeamAwayView;
    const id = set.current!.id;
    const bad = await agent.patch(`/api/teams/${a.team.id}/away/${id}`).send({ lastDay: day(11) });
    expect([bad.status, bad.body.message]).toEqual([400, AWAY_MESSAGES.shortenRange]);
    expect((await agent.patch(`/api/teams/${a.team.id}/away/${id}`).send({ lastDay: day(1) })).status).toBe(400);
    const shorter = await agent.patch(`/api/teams/${a.team.id}/away/${id}`).send({ lastDay: day(4) }).expect(200);
    expect(shorter.body.current).toMatchObject({ firstDay: day(2), lastDay: day(4) });

    // Three days on, the range is running: cancelling ends it yesterday.
    clock.set(new Date(NOON.getTime() + 3 * DAY_MS));
    await agent.delete(`/api/teams/${a.team.id}/away/${id}`).expect(200);
    const [kept] = await t.db.select().from(teamAway).where(eq(teamAway.id, id));
    expect(kept).toMatchObject({ firstDay: day(2), lastDay: day(2) });
    const over = await agent.delete(`/api/teams/${a.team.id}/away/${id}`);
    expect([over.status, over.body.message]).toEqual([409, AWAY_MESSAGES.over]);

    // A range that has not begun is removed.
    const next = (await agent.post(`/api/teams/${a.team.id}/away`).send({ firstDay: day(5), lastDay: day(6) }).expect(201)).body as TeamAwayView;
    await agent.delete(`/api/teams/${a.team.id}/away/${next.current!.id}`).expect(200);
    expect(await t.db.select().from(teamAway).where(eq(teamAway.id, next.current!.id))).toEqual([]);
    const missing = await agent.delete(`/api/teams/${a.team.id}/away/${next.current!.id}`);
    expect([missing.status, missing.body.message]).toEqual([404, AWAY_MESSAGES.notFound]);
  });

  it("an away team cannot be challenged, and the ladder and the challenge table say until when", async () => {
    clock.set(NOON);
    const category = "Women's Doubles";
    const played = { grassWins: 1, grassLosses: 1 };
    const a = await createTeam(t.db, { competitionType: category, team: { ...played, grassRating: 1600 } });
    const b = await createTeam(t.db, { competitionType: category, team: { ...played, grassRating: 1500 } });
    await setAway(a.captain, a.team.id, { firstDay: TODAY, lastDay: day(2) }).then((r) => expect(r.status).toBe(201));
    const agent = await t.signedIn(b.captain.username);
    const challenge = () =>
      agent.post("/api/challenges").send({
        challengedTeamId: a.team.id,
        location: SURFACE_LOCATIONS.grass,
        competitionType: category,
        notes: "Call 604-555-0100",
        proposedDateTime: new Date(Date.now() + 5 * DAY_MS).toISOString(),
      });
    const refused = await challenge();
    expect([refused.status, refused.body.code, refused.body.title, refused.body.message]).toEqual([
      400,
      "team_away",
      "Team Not Available",
      `${a.team.name} is away until Thu 12 Mar and cannot be challenged until then.`,
    ]);
    const table = (await agent.get("/api/challenges/candidates").query({ surface: "grass", competitionType: category }).expect(200)).body as ChallengeCandidatesPage;
    const row = table.items.find((c) => c.id === a.team.id)!;
    expect(row).toMatchObject({ reachable: false, reasonCode: "team_away", reason: "Away until Thu 12 Mar", awayUntil: day(2), rank: 1 });
    const ladder = (await agent.get("/api/teams").query({ surface: "grass", competitionType: category }).expect(200)).body as TeamsPage;
    expect(ladder.items.find((v) => v.id === a.team.id)).toMatchObject({ awayUntil: day(2), surfaceRank: 1, inactive: false });
    // My Challenges: a challenge already open with the away team says so on its card.
    const c = await createTeam(t.db, { competitionType: category });
    await acceptedChallenge(t.db, c.team, a.team);
    const outgoing = (await (await t.signedIn(c.captain.username)).get("/api/challenges/outgoing").expect(200)).body as ChallengesPage;
    expect(outgoing.items[0]!.opponent).toMatchObject({ id: a.team.id, awayUntil: day(2) });

    // The day after the last day it is back: no marker, and it can be challenged (the cached read is not kept past midnight).
    clock.set(new Date(NOON.getTime() + 3 * DAY_MS));
    const back = (await agent.get("/api/teams").query({ surface: "grass", competitionType: category }).expect(200)).body as TeamsPage;
    expect(back.items.find((v) => v.id === a.team.id)!.awayUntil).toBeNull();
    expect((await challenge()).status).toBe(201);
  });

  it("answers a team's away ranges that overlap a period, with the instants they cover", async () => {
    clock.set(NOON);
    const a = await createTeam(t.db);
    await t.db.insert(teamAway).values([
      { teamId: a.team.id, firstDay: day(1), lastDay: day(3) },
      { teamId: a.team.id, firstDay: day(10), lastDay: day(12) },
    ]);
    await ranksChanged(t.db);
    const found = await listAwayOverlapping(t.deps, { teamId: a.team.id, from: NOON, to: new Date(NOON.getTime() + 5 * DAY_MS) });
    expect(found).toHaveLength(1);
    // Vancouver is UTC-7 on 11 Mar 2026 (daylight time from 8 Mar).
    expect(found[0]).toMatchObject({ firstDay: day(1), lastDay: day(3), startsAt: new Date("2026-03-11T07:00:00Z"), endsAt: new Date("2026-03-14T07:00:00Z") });
  });
});

describe("activity", () => {
  const category = "Mixed Doubles";
  const played = { beachWins: 2, beachLosses: 1 };
  const ladder = async (viewer: TeamFixture) =>
    ((await (await t.signedIn(viewer.captain.username)).get("/api/teams").query({ surface: "beach", competitionType: category }).expect(200)).body as TeamsPage).items;

  it("a team without a confirmed match for 28 club days is inactive: listed last, without a rank, counted out of reach", async () => {
    clock.set(NOON);
    // Last active 1 Feb at noon: 27 days on (28 Feb) active, 28 days on (1 Mar) inactive.
    const feb1 = new Date("2026-02-01T20:00:00Z");
    const top = await createTeam(t.db, { competitionType: category, team: { ...played, beachRating: 1700 } });
    const idle = await createTeam(t.db, { competitionType: category, team: { ...played, beachRating: 1650, lastActiveAt: feb1 } });
    const mid = await createTeam(t.db, { competitionType: category, team: { ...played, beachRating: 1600 } });

    clock.set(new Date("2026-02-28T20:00:00Z"));
    await t.db.update(teams).set({ lastActiveAt: new Date("2026-02-27T20:00:00Z") }).where(eq(teams.id, top.team.id));
    await t.db.update(teams).set({ lastActiveAt: new Date("2026-02-27T20:00:00Z") }).where(eq(teams.id, mid.team.id));
    await ranksChanged(t.db);
    let rows = await ladder(mid);
    expect(rows.map((v) => [v.id, v.surfaceRank, v.inactive])).toEqual([
      [top.team.id, 1, false],
      [idle.team.id, 2, false],
      [mid.team.id, 3, false],
    ]);

    clock.set(new Date("2026-03-01T20:00:00Z"));
    rows = await ladder(mid);
    expect(rows.map((v) => [v.id, v.surfaceRank, v.inactive])).toEqual([
      [top.team.id, 1, false],
      [mid.team.id, 2, false],
      [idle.team.id, null, true],
    ]);
    const profile = (await (await t.signedIn(idle.captain.username)).get(`/api/teams/${idle.team.id}`).expect(200)).body as TeamView;
    expect(profile).toMatchObject({ rank: null, inactive: true });
    const stats = (await (await t.signedIn(idle.captain.username)).get("/api/matches/stats").expect(200)).body;
    expect(stats.overall.rank).toBeNull();
    // For reach the inactive team is unranked (#3 here), and the table says so.
    const table = (await (await t.signedIn(idle.captain.username)).get("/api/challenges/candidates").query({ surface: "beach", competitionType: category }).expect(200)).body as ChallengeCandidatesPage;
    expect(table.me).toMatchObject({ rank: null, ladderSize: 2 });

    // The admin's Club rules card sets the threshold for every reader: at 60 days it is active again.
    const { agent } = await t.signedInAdmin();
    const { updatedAt: _, ...rules } = (await agent.get("/api/settings/club-rules").expect(200)).body as Record<string, unknown>;
    await agent.post("/api/settings/club-rules").send({ ...rules, inactivityDays: 60 }).expect(200);
    rows = await ladder(mid);
    expect(rows.map((v) => [v.id, v.surfaceRank, v.inactive])).toEqual([
      [top.team.id, 1, false],
      [idle.team.id, 2, false],
      [mid.team.id, 3, false],
    ]);
    await agent.post("/api/settings/club-rules").send(rules).expect(200);
    expect((await ladder(mid)).find((v) => v.id === idle.team.id)).toMatchObject({ inactive: true, surfaceRank: null });
  });

  it("days away do not count, and the next confirmed match makes the team active again", async () => {
    const now = new Date();
    clock.set(now);
    const today = clubDay(now, t.env.CLUB_TIMEZONE);
    const other = await createTeam(t.db, { competitionType: category, team: { ...played, beachRating: 1400 } });
    const idle = await createTeam(t.db, { competitionType: category, team: { ...played, beachRating: 1450, lastActiveAt: new Date(now.getTime() - 40 * DAY_MS) } });
    const rested = await createTeam(t.db, { competitionType: category, team: { ...played, beachRating: 1460, lastActiveAt: new Date(now.getTime() - 40 * DAY_MS) } });
    // 20 of its 40 idle days away: 20 count, under 28.
    await t.db.insert(teamAway).values({ teamId: rested.team.id, firstDay: addDays(today, -30), lastDay: addDays(today, -11) });
    await ranksChanged(t.db);
    let rows = await ladder(other);
    expect(rows.find((v) => v.id === rested.team.id)!.inactive).toBe(false);
    expect(rows.find((v) => v.id === idle.team.id)).toMatchObject({ inactive: true, surfaceRank: null });

    // A confirmed match between the idle team and another: active again, no rating moved by the inactivity itself.
    const { match } = await reportedMatch(t.db, { reporter: { team: idle.team, captainId: idle.captain.id }, opponent: other.team, surface: "beach" });
    await (await t.signedIn(other.captain.username)).post(`/api/matches/${match.id}/approve`).send({}).expect(200);
    rows = await ladder(other);
    expect(rows.find((v) => v.id === idle.team.id)).toMatchObject({ inactive: false });
    expect(rows.find((v) => v.id === idle.team.id)!.surfaceRank).not.toBeNull();
  });

  it("a club break's days do not count either, and a day both away and on a break counts once", async () => {
    const now = new Date();
    clock.set(now);
    const today = clubDay(now, t.env.CLUB_TIMEZONE);
    const zone = t.env.CLUB_TIMEZONE;
    const other = await createTeam(t.db, { competitionType: category, team: { ...played, beachRating: 1400 } });
    const idleFor = (days: number, rating: number) =>
      createTeam(t.db, { competitionType: category, team: { ...played, beachRating: rating, lastActiveAt: new Date(now.getTime() - days * DAY_MS) } });
    const idle = await idleFor(40, 1450);
    const onBreak = await idleFor(40, 1451);
    const both = await idleFor(40, 1452);
    // A 20-day club break inside the 40 idle days: 20 count (under 28) — for every team.
    const breakRange = { name: "Exams", startsAt: zonedDayStart(addDays(today, -30), zone), endsAt: zonedDayStart(addDays(today, -10), zone) };
    let rows = await ladder(other);
    expect(rows.find((v) => v.id === onBreak.team.id)!.inactive).toBe(true);
    const [inserted] = await t.db.insert(clubBreaks).values(breakRange).returning({ id: clubBreaks.id });
    await ranksChanged(t.db);
    // `both` was also away for 10 of the break's days and 5 more: 25 days paused, not 30.
    await t.db.insert(teamAway).values({ teamId: both.team.id, firstDay: addDays(today, -35), lastDay: addDays(today, -21) });
    await ranksChanged(t.db);
    rows = await ladder(other);
    expect(rows.find((v) => v.id === onBreak.team.id)!.inactive).toBe(false);
    expect(rows.find((v) => v.id === idle.team.id)!.inactive).toBe(false);
    expect(rows.find((v) => v.id === both.team.id)!.inactive).toBe(false);
    // A team idle for 50 days with the same break: 30 count, inactive; away 5 more days outside the
    // break: 25, active; away only on days of the break: still 30, inactive (counted once).
    const longIdle = await idleFor(50, 1453);
    const longAwayOutside = await idleFor(50, 1454);
    const longAwayInside = await idleFor(50, 1455);
    await t.db.insert(teamAway).values([
      { teamId: longAwayOutside.team.id, firstDay: addDays(today, -45), lastDay: addDays(today, -41) },
      { teamId: longAwayInside.team.id, firstDay: addDays(today, -25), lastDay: addDays(today, -15) },
    ]);
    await ranksChanged(t.db);
    rows = await ladder(other);
    expect(rows.find((v) => v.id === longIdle.team.id)!.inactive).toBe(true);
    expect(rows.find((v) => v.id === longAwayOutside.team.id)!.inactive).toBe(false);
    expect(rows.find((v) => v.id === longAwayInside.team.id)!.inactive).toBe(true);
    await t.db.delete(clubBreaks).where(eq(clubBreaks.id, inserted!.id));
    await ranksChanged(t.db);
    rows = await ladder(other);
    expect(rows.find((v) => v.id === onBreak.team.id)!.inactive).toBe(true);
  });
});
