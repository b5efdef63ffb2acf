// Club rules and club breaks (docs/product.md, "Club rules", "Club breaks"), on PGlite and PostgreSQL:
// the rules' defaults, ranges and messages; a change applies to deadlines set after it; a break
// refused when it starts in the past, runs backwards, is too long or overlaps another; a declared
// break moves every running clock by its length (and back when removed before it starts), stops new
// challenges while it runs, and shows in the banner.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type supertest from "supertest";
import { challenges, clubBreaks, matches } from "@shared/schema";
import { CLUB_RULE_MESSAGES, CLUB_BREAK_MESSAGES } from "@shared/validators/clock";
import { addDays, clubDay, zonedDayStart } from "@shared/time";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { reportedMatch } from "../matches/matches.fixtures";
import { clockDeadline } from "./index";

let t: TestApp;
useTestApp((app) => (t = app));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RULES = { answerWindowHours: 72, playByDays: 14, approvalDays: 3, reminderPoint: 0.67, inactivityDays: 28 };
const dayIn = (days: number) => clubDay(new Date(Date.now() + days * DAY), t.env.CLUB_TIMEZONE);

async function send(agent: supertest.Agent, target: TeamFixture) {
  return agent.post("/api/challenges").send({
    challengedTeamId: target.team.id,
    location: "UBC grass",
    competitionType: target.team.competitionType,
    notes: "Call 604-555-0100",
    proposedDateTime: new Date(Date.now() + DAY).toISOString(),
  });
}

describe("clockDeadline", () => {
  const d = (iso: string) => new Date(iso);
  it("stands still during a pause, starts after one it begins in, and ignores pauses after the end", () => {
    const pause = { startsAt: d("2030-01-10T00:00:00Z"), endsAt: d("2030-01-15T00:00:00Z") };
    expect(clockDeadline(d("2030-01-01T00:00:00Z"), 3 * DAY, [pause]).toISOString()).toBe("2030-01-04T00:00:00.000Z");
    expect(clockDeadline(d("2030-01-08T00:00:00Z"), 3 * DAY, [pause]).toISOString()).toBe("2030-01-16T00:00:00.000Z");
    expect(clockDeadline(d("2030-01-12T00:00:00Z"), DAY, [pause]).toISOString()).toBe("2030-01-16T00:00:00.000Z");
    const later = { startsAt: d("2030-01-17T00:00:00Z"), endsAt: d("2030-01-18T00:00:00Z") };
    expect(clockDeadline(d("2030-01-08T00:00:00Z"), 4 * DAY, [later, pause]).toISOString()).toBe("2030-01-17T00:00:00.000Z");
    expect(clockDeadline(d("2030-01-08T00:00:00Z"), 5 * DAY, [later, pause]).toISOString()).toBe("2030-01-19T00:00:00.000Z");
  });
});

describe("club rules", () => {
  it("answer the environment's defaults until an admin changes them; a change applies to deadlines set after it", async () => {
    const { agent } = await t.signedInAdmin();
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const capA = await t.signedIn(a.captain.username);
    expect((await agent.get("/api/settings/club-rules").expect(200)).body).toEqual({
      answerWindowHours: 72,
      playByDays: 14,
      approvalDays: 3,
      reminderPoint: 2 / 3,
      inactivityDays: 28,
      updatedAt: null,
    });
    const before = await send(capA, b);
    expect(before.status).toBe(201);

    const saved = await agent.post("/api/settings/club-rules").send({ ...RULES, answerWindowHours: 24 }).expect(200);
    expect(saved.body).toMatchObject({ ...RULES, answerWindowHours: 24 });
    expect(saved.body.updatedAt).toBeTruthy();
    // Members read them too.
    expect((await capA.get("/api/settings/club-rules").expect(200)).body.answerWindowHours).toBe(24);

    const c = await createTeam(t.db);
    const after = await send(capA, c);
    expect(new Date(after.body.acceptBy).getTime() - new Date(after.body.createdAt).getTime()).toBe(24 * HOUR);
    const [old] = await t.db.select().from(challenges).where(eq(challenges.id, before.body.id));
    expect(old!.acceptBy!.getTime() - old!.createdAt.getTime()).toBe(72 * HOUR);
    await agent.post("/api/settings/club-rules").send(RULES).expect(200);
  });

  it("refuse values out of range with the rule's message, and partners or captains", async () => {
    const { agent } = await t.signedInAdmin();
    const bad: [Record<string, unknown>, string][] = [
      [{ answerWindowHours: 0 }, CLUB_RULE_MESSAGES.answerWindowHours],
      [{ answerWindowHours: 500 }, CLUB_RULE_MESSAGES.answerWindowHours],
      [{ answerWindowHours: 1.5 }, CLUB_RULE_MESSAGES.answerWindowHours],
      [{ playByDays: 91 }, CLUB_RULE_MESSAGES.playByDays],
      [{ approvalDays: 0 }, CLUB_RULE_MESSAGES.approvalDays],
      [{ reminderPoint: 1 }, CLUB_RULE_MESSAGES.reminderPoint],
      [{ reminderPoint: "2/3" }, CLUB_RULE_MESSAGES.reminderPoint],
      [{ inactivityDays: 3 }, CLUB_RULE_MESSAGES.inactivityDays],
    ];
    for (const [change, message] of bad) {
      const res = await agent.post("/api/settings/club-rules").send({ ...RULES, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.title).toBe("Failed to Update Club Rules");
    }
    const team = await createTeam(t.db);
    const cap = await t.signedIn(team.captain.username);
    expect((await cap.post("/api/settings/club-rules").send(RULES)).status).toBe(403);
  });
});

describe("club breaks", () => {
  it("are refused when they start in the past, end before they start, run longer than 90 days, or overlap another", async () => {
    const { agent } = await t.signedInAdmin();
    const refuse = async (body: Record<string, unknown>, status: number, message: string | RegExp) => {
      const res = await agent.post("/api/settings/club-breaks").send(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    };
    await refuse({ name: "Old", from: dayIn(-3), to: dayIn(2) }, 400, CLUB_BREAK_MESSAGES.past);
    await refuse({ name: "Backwards", from: dayIn(300), to: dayIn(299) }, 400, CLUB_BREAK_MESSAGES.order);
    await refuse({ name: "Long", from: dayIn(300), to: dayIn(400) }, 400, CLUB_BREAK_MESSAGES.tooLong);
    await refuse({ name: "", from: dayIn(300), to: dayIn(301) }, 400, CLUB_BREAK_MESSAGES.name);
    await refuse({ name: "Bad day", from: "2031-02-30", to: dayIn(301) }, 400, CLUB_BREAK_MESSAGES.from);
    const ok = await agent.post("/api/settings/club-breaks").send({ name: "Exams", from: dayIn(300), to: dayIn(305) });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ name: "Exams", from: dayIn(300), to: dayIn(305), state: "upcoming" });
    await refuse({ name: "Clash", from: dayIn(305), to: dayIn(310) }, 409, /^This break overlaps Exams \(.+\)\. Breaks cannot overlap\.$/);
    // The day after its last day is free.
    expect((await agent.post("/api/settings/club-breaks").send({ name: "Next", from: dayIn(306), to: dayIn(307) })).status).toBe(201);
    const list = await agent.get("/api/settings/club-breaks").expect(200);
    expect(list.body.items.map((b: { name: string }) => b.name).slice(0, 2)).toEqual(["Next", "Exams"]);
  });

  it("declared ahead, moves every running clock that runs past its start by its length; removed before it starts, moves them back", async () => {
    const { agent } = await t.signedInAdmin();
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const capA = await t.signedIn(a.captain.username);
    const pending = (await send(capA, b)).body as { id: number; acceptBy: string };
    const x = await createTeam(t.db);
    const y = await createTeam(t.db);
    const result = await reportedMatch(t.db, { reporter: { team: x.team, captainId: x.captain.id }, opponent: y.team, deadline: new Date(Date.now() + 3 * DAY) });

    const from = dayIn(1);
    const to = dayIn(7);
    const length = zonedDayStart(addDays(to, 1), t.env.CLUB_TIMEZONE).getTime() - zonedDayStart(from, t.env.CLUB_TIMEZONE).getTime();
    const declared = await agent.post("/api/settings/club-breaks").send({ name: "Reading week", from, to });
    expect(declared.status).toBe(201);
    const [moved] = await t.db.select().from(challenges).where(eq(challenges.id, pending.id));
    expect(moved!.acceptBy!.getTime()).toBe(new Date(pending.acceptBy).getTime() + length);
    const [m] = await t.db.select().from(matches).where(eq(matches.id, result.match.id));
    expect(m!.approvalDeadline!.getTime()).toBe(result.match.approvalDeadline!.getTime() + length);

    // A challenge sent now runs its clock around the break.
    const c = await createTeam(t.db);
    const fresh = (await send(capA, c)).body as { acceptBy: string; createdAt: string };
    expect(new Date(fresh.acceptBy).getTime() - new Date(fresh.createdAt).getTime()).toBe(72 * HOUR + length);

    // The banner announces it (it starts within 14 days).
    expect((await t.request.get("/api/settings/club-break").expect(200)).body).toMatchObject({ current: null, next: { name: "Reading week", from, to } });

    await agent.delete(`/api/settings/club-breaks/${declared.body.id}`).expect(200);
    const [back] = await t.db.select().from(challenges).where(eq(challenges.id, pending.id));
    expect(back!.acceptBy!.toISOString()).toBe(pending.acceptBy);
    const [m2] = await t.db.select().from(matches).where(eq(matches.id, result.match.id));
    expect(m2!.approvalDeadline!.getTime()).toBe(result.match.approvalDeadline!.getTime());
  });

  it("going on now: no new challenges (409 Club Break, also on the challenge table), it cannot be removed, and the banner shows it", async () => {
    const { agent } = await t.signedInAdmin();
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const capA = await t.signedIn(a.captain.username);
    const declared = await agent.post("/api/settings/club-breaks").send({ name: "Exam period", from: dayIn(0), to: dayIn(2) });
    expect(declared.status).toBe(201);
    expect(declared.body.state).toBe("current");
    const refused = await send(capA, b);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ title: "Club Break", code: "club_break" });
    expect(refused.body.message).toMatch(/^The club is on a break \(Exam period\) through \w{3} \d{1,2} \w{3}: no new challenges until it ends\.$/);
    const table = await capA.get("/api/challenges/candidates?surface=grass").expect(200);
    const row = table.body.items.find((r: { id: number }) => r.id === b.team.id);
    expect(row).toMatchObject({ reachable: false, reasonCode: "club_break" });
    const banner = await t.request.get("/api/settings/club-break").expect(200);
    expect(banner.body.current).toMatchObject({ name: "Exam period", state: "current" });
    const removal = await agent.delete(`/api/settings/club-breaks/${declared.body.id}`);
    expect(removal.status).toBe(409);
    expect(removal.body.message).toBe(CLUB_BREAK_MESSAGES.started);
    // Clean up for other files' order independence: the row goes directly.
    await t.db.delete(clubBreaks).where(eq(clubBreaks.id, declared.body.id));
  });
});
