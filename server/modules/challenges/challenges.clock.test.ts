// The challenge clock (docs/product.md, "The challenge clock"), on PGlite and PostgreSQL, with the
// sweeps' clock driven by the test: every transition (pending → expired, accepted → expired), every
// reminder (answer, report, approval) exactly once, also with two sweeps running at the same moment and (PostgreSQL) two instances and a restart;
// an answer or a report after the deadline refused; the Past filter and the response record.
import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type supertest from "supertest";
import { challenges, mailOutbox, matches, notifications } from "@shared/schema";
import { createTestApp, type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { sweepChallengeClock } from "./challenges.clock";
import { sweepApprovalReminders, sweepOverdueMatches } from "../matches";

let t: TestApp;
useTestApp((app) => (t = app));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms);


async function send(agent: supertest.Agent, target: TeamFixture, proposedInDays = 1) {
  const res = await agent.post("/api/challenges").send({
    challengedTeamId: target.team.id,
    location: "UBC grass",
    competitionType: target.team.competitionType,
    notes: "Call 604-555-0100",
    proposedDateTime: new Date(Date.now() + proposedInDays * DAY).toISOString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; acceptBy: string; playBy: string | null; createdAt: string };
}

type Counts = { expired: number; answerReminders: number; resultReminders: number };

const sweep = (now: Date) => sweepChallengeClock({ db: t.db, env: t.env, logger: t.deps.logger, now, batchSize: 2 });

async function told(type: string, userIds: number[]) {
  return t.db.select().from(notifications).where(and(eq(notifications.type, type), inArray(notifications.userId, userIds)));
}

const members = (...teams: TeamFixture[]) => teams.flatMap((x) => [x.captain.id, x.partner.id]);

describe("the answer window", () => {
  it("a new challenge answers by now + 72 h, is reminded once at 2/3 (captain by mail, team in the app), and expires once after it, telling all four", async () => {
    const { a, b, capA } = await t.signedInPair();
    const c = await send(capA, b);
    const created = new Date(c.createdAt).getTime();
    expect(new Date(c.acceptBy).getTime() - created).toBe(72 * HOUR);

    // Before the reminder point: nothing.
    expect(await sweep(at(created + 47 * HOUR))).toMatchObject({ expired: 0, answerReminders: 0 });
    // At it, two sweeps at once: one reminder.
    const [one, two] = await Promise.all([sweep(at(created + 48 * HOUR + 1000)), sweep(at(created + 48 * HOUR + 1000))]);
    expect(one.answerReminders + two.answerReminders).toBe(1);
    expect(await sweep(at(created + 60 * HOUR))).toMatchObject({ answerReminders: 0 });
    expect((await told("challenge.reminder", members(b))).map((n) => n.userId).sort()).toEqual(members(b).sort());
    expect(await told("challenge.reminder", members(a))).toHaveLength(0);
    const reminder = await t.mail.waitFor((m) => m.subject.startsWith("Reminder: answer the challenge") && m.to.includes(b.captain.email));
    expect(reminder.text).toContain(`${t.env.APP_URL}/challenges`);
    await t.deliverMail();
    expect(t.mail.to(b.partner.email).filter((m) => m.subject.startsWith("Reminder"))).toHaveLength(0);

    // Past accept_by, two sweeps at once: expired once, all four told once.
    const [x, y] = await Promise.all([sweep(at(created + 72 * HOUR + 1)), sweep(at(created + 72 * HOUR + 1))]);
    expect(x.expired + y.expired).toBe(1);
    expect(await sweep(at(created + 80 * HOUR))).toMatchObject({ expired: 0 });
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, c.id));
    expect(row!.status).toBe("expired");
    expect((await told("challenge.expired", members(a, b))).map((n) => n.userId).sort()).toEqual(members(a, b).sort());
    for (const who of [a.captain, a.partner, b.captain, b.partner])
      await t.mail.waitFor((m) => m.subject.startsWith("Challenge expired") && m.to.includes(who.email));
  });

  it("after an expiry the pair may challenge again, and the expired challenge is under Past (not under the open ones)", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const c = await send(capA, b);
    await sweep(at(new Date(c.acceptBy).getTime() + 1));
    const open = await capB.get("/api/challenges/incoming").expect(200);
    expect(open.body.items.map((i: { id: number }) => i.id)).not.toContain(c.id);
    const past = await capB.get("/api/challenges/incoming?status=past").expect(200);
    expect(past.body.items[0]).toMatchObject({ id: c.id, status: "expired" });
    expect(past.body.items[0].acceptBy).toBe(c.acceptBy);
    await send(capB, a);
  });

  it("an answer after accept_by (the sweep not run yet) is refused with 409 'expired', and the decline too", async () => {
    const { b, capA, capB } = await t.signedInPair();
    const c = await send(capA, b);
    await t.db.update(challenges).set({ acceptBy: new Date(Date.now() - 1000) }).where(eq(challenges.id, c.id));
    const res = await capB.patch(`/api/challenges/${c.id}`).send({ status: "accepted" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "answer_window_over", title: "Challenge Not Available" });
    expect(res.body.message).toContain("This challenge expired: its answer window ended");
    expect((await capB.patch(`/api/challenges/${c.id}`).send({ status: "declined" })).status).toBe(409);
    // The challenger may still cancel it.
    expect((await capA.delete(`/api/challenges/${c.id}`)).status).toBe(200);
  });
});

describe("the play-by date", () => {
  it("accepting sets play_by = acceptance + 14 days, reminds both captains once, and expires an unreported challenge once", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const c = await send(capA, b);
    const accepted = await capB.patch(`/api/challenges/${c.id}`).send({ status: "accepted" }).expect(200);
    const start = new Date(accepted.body.updatedAt).getTime();
    expect(new Date(accepted.body.playBy).getTime() - start).toBe(14 * DAY);

    const [r1, r2] = await Promise.all([sweep(at(start + 10 * DAY)), sweep(at(start + 10 * DAY))]);
    expect(r1.resultReminders + r2.resultReminders).toBe(1);
    expect(await sweep(at(start + 11 * DAY))).toMatchObject({ resultReminders: 0, expired: 0 });
    expect((await told("result.reminder", members(a, b))).map((n) => n.userId).sort()).toEqual(members(a, b).sort());
    for (const captain of [a.captain, b.captain]) await t.mail.waitFor((m) => m.subject.startsWith("Reminder: report the result") && m.to.includes(captain.email));

    // Reporting after the play-by date is refused, even before the sweep marks it.
    await t.db.update(challenges).set({ playBy: new Date(Date.now() - 1000) }).where(eq(challenges.id, c.id));
    const late = await capA.post("/api/matches").send({ challengeId: c.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, score: "[[3,1]]", notes: null });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("challenge_expired");

    const [e1, e2] = await Promise.all([sweep(at(Date.now())), sweep(at(Date.now()))]);
    expect(e1.expired + e2.expired).toBe(1);
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, c.id));
    expect(row!.status).toBe("expired");
    expect(await told("challenge.expired", members(a, b))).toHaveLength(4);
  });

  it("the play-by date is never earlier than the proposed time + 2 days", async () => {
    const { b, capA, capB } = await t.signedInPair();
    const c = await send(capA, b, 20);
    const accepted = await capB.patch(`/api/challenges/${c.id}`).send({ status: "accepted" }).expect(200);
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, c.id));
    expect(new Date(accepted.body.playBy).getTime()).toBe(row!.proposedDateTime!.getTime() + 2 * DAY);
  });

  it("a reported result is not expired, and its approval reminder goes to the other captain once, 24 h before auto-confirmation", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const c = await send(capA, b);
    await capB.patch(`/api/challenges/${c.id}`).send({ status: "accepted" }).expect(200);
    const rep = await capA.post("/api/matches").send({ challengeId: c.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, score: "[[3,1]]", notes: null });
    expect(rep.status, JSON.stringify(rep.body)).toBe(201);
    const deadline = new Date(rep.body.match.approvalDeadline).getTime();
    expect(deadline - new Date(rep.body.match.createdAt).getTime()).toBe(3 * DAY);
    await sweep(at(Date.now() + 30 * DAY));
    expect((await t.db.select().from(challenges).where(eq(challenges.id, c.id)))[0]!.status).toBe("match_reported");

    const remind = (now: number) => sweepApprovalReminders({ db: t.db, env: t.env, now: at(now), batchSize: 1 });
    expect((await remind(deadline - 25 * HOUR)).reminders).toBe(0);
    const [p, q] = await Promise.all([remind(deadline - 23 * HOUR), remind(deadline - 23 * HOUR)]);
    expect(p.reminders + q.reminders).toBe(1);
    expect((await remind(deadline - HOUR)).reminders).toBe(0);
    expect((await told("approval.reminder", members(b))).map((n) => n.userId).sort()).toEqual(members(b).sort());
    expect(await told("approval.reminder", members(a))).toHaveLength(0);
    await t.mail.waitFor((m) => m.subject.startsWith("Reminder: confirm or dispute") && m.to.includes(b.captain.email));

    // Auto-confirmation by the same clock.
    expect((await sweepOverdueMatches({ db: t.db, logger: t.deps.logger, appUrl: t.env.APP_URL, now: at(deadline - 1) })).confirmed).toBe(0);
    expect((await sweepOverdueMatches({ db: t.db, logger: t.deps.logger, appUrl: t.env.APP_URL, now: at(deadline + 1) })).confirmed).toBe(1);
    const [m] = await t.db.select().from(matches).where(eq(matches.id, rep.body.match.id));
    expect(m!.confirmationStatus).toBe("confirmed");
  });

  it("a withdrawn result leaves at least 2 days to report the right one", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const c = await send(capA, b);
    await capB.patch(`/api/challenges/${c.id}`).send({ status: "accepted" }).expect(200);
    const rep = await capA.post("/api/matches").send({ challengeId: c.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, score: "[[3,1]]", notes: null }).expect(201);
    await t.db.update(challenges).set({ playBy: new Date(Date.now() + HOUR) }).where(eq(challenges.id, c.id));
    await capA.post(`/api/matches/${rep.body.match.id}/withdraw`).send({}).expect(200);
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, c.id));
    expect(row!.status).toBe("accepted");
    expect(row!.playBy!.getTime()).toBeGreaterThan(Date.now() + 2 * DAY - 60_000);
  });
});

describe("many challenges, two sweeps at once", () => {
  it("each challenge expires exactly once and its four players are told once", async () => {
    const teamsMade = await Promise.all(Array.from({ length: 8 }, () => createTeam(t.db)));
    const ids: number[] = [];
    for (let i = 0; i < teamsMade.length; i += 2) {
      const cap = await t.signedIn(teamsMade[i]!.captain.username);
      ids.push((await send(cap, teamsMade[i + 1]!)).id);
    }
    const later = at(Date.now() + 73 * HOUR);
    const before = await t.db.select({ id: challenges.id }).from(challenges).where(inArray(challenges.status, ["pending", "accepted"]));
    const runs = await Promise.all([sweep(later), sweep(later), sweep(later)]);
    // These four, and any left running by the tests above.
    expect(runs.reduce((n, r) => n + r.expired, 0)).toBe(before.length);
    const rows = await t.db.select().from(challenges).where(inArray(challenges.id, ids));
    expect(rows.every((r) => r.status === "expired")).toBe(true);
    const expiredNotes = await told("challenge.expired", members(...teamsMade));
    expect(expiredNotes).toHaveLength(16);
    expect(new Set(expiredNotes.map((n) => n.userId)).size).toBe(16);
  });

  // Two app instances on one PostgreSQL database sweeping at the same moment, then a third started
  // after them (a restart): every answer reminder, result reminder and expiry happens once.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("two instances and a restart: each reminder and each expiry once", async () => {
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const made = await Promise.all(Array.from({ length: 8 }, () => createTeam(t.db)));
      const pending: number[] = [];
      const accepted: number[] = [];
      for (let i = 0; i < made.length; i += 2) {
        const cap = await t.signedIn(made[i]!.captain.username);
        const c = await send(cap, made[i + 1]!);
        if (i % 4 === 0) pending.push(c.id);
        else {
          await (await t.signedIn(made[i + 1]!.captain.username)).patch(`/api/challenges/${c.id}`).send({ status: "accepted" }).expect(200);
          accepted.push(c.id);
        }
      }
      const ours = [...pending, ...accepted];
      // Four sweeps at once (two per instance), again until a round finds nothing (a run takes a
      // few batches per kind; the next one continues).
      const both = async (now: Date) => {
        const all: Counts[] = [];
        for (let round = 0; round < 50; round++) {
          const runs = await Promise.all(
            [t.deps, second.deps, t.deps, second.deps].map((d) => sweepChallengeClock({ db: d.db, env: d.env, logger: d.logger, now, batchSize: 2 })),
          );
          all.push(...runs);
          if (runs.every((r) => r.expired + r.answerReminders + r.resultReminders === 0)) break;
        }
        return all;
      };
      // At the answer window's reminder point (2/3 of 72 h), then past it, then past every play-by date.
      const created = Math.min(...(await t.db.select({ at: challenges.createdAt }).from(challenges).where(inArray(challenges.id, ours))).map((r) => r.at.getTime()));
      const reminders = await both(at(created + 49 * HOUR));
      const expiredUnanswered = await both(at(created + 73 * HOUR));
      const rows = await t.db.select().from(challenges).where(inArray(challenges.id, accepted));
      const lastPlayBy = Math.max(...rows.map((r) => r.playBy!.getTime()));
      // Past every reminder point (2/3 of the window), before the first play-by date.
      const resultReminders = await both(at(Math.min(...rows.map((r) => r.playBy!.getTime())) - 1000));
      const expiredUnplayed = await both(at(lastPlayBy + 1000));
      await second.close();
      const restarted = await createTestApp({}, { sameDatabaseAs: t });
      try {
        const again = await sweepChallengeClock({ db: restarted.db, env: restarted.env, logger: restarted.deps.logger, now: at(lastPlayBy + 2000), batchSize: 2 });
        expect(again).toMatchObject({ expired: 0, answerReminders: 0, resultReminders: 0 });
      } finally {
        await restarted.close();
      }
      const sum = (runs: Counts[], key: keyof Counts) => runs.reduce((n, r) => n + r[key], 0);
      const status = await t.db.select({ id: challenges.id, status: challenges.status }).from(challenges).where(inArray(challenges.id, ours));
      expect(status.every((r) => r.status === "expired")).toBe(true);
      // Each of our challenges: its four players told of the expiry once; the challenged captain
      // (and team, in the app) reminded to answer once, for the pending ones.
      const pendingTeams = made.filter((_, i) => i % 4 < 2);
      const acceptedTeams = made.filter((_, i) => i % 4 >= 2);
      const expiredNotes = await told("challenge.expired", members(...made));
      expect(expiredNotes).toHaveLength(16);
      expect(new Set(expiredNotes.map((n) => n.userId)).size).toBe(16);
      const answerNotes = await told("challenge.reminder", members(...pendingTeams));
      expect(answerNotes.map((n) => n.userId).sort()).toEqual(members(...pendingTeams.filter((_, i) => i % 2 === 1)).sort());
      const resultNotes = await told("result.reminder", members(...acceptedTeams));
      expect(resultNotes.map((n) => n.userId).sort()).toEqual(members(...acceptedTeams).sort());
      // And the queued mail, one row per address and event: all four players of each challenge of
      // its expiry, the challenged captain of each pending one to answer, both captains of each
      // accepted one to report.
      const emailsOf = (teams: TeamFixture[], captainsOnly = false) =>
        teams.flatMap((x) => (captainsOnly ? [x.captain.email] : [x.captain.email, x.partner.email])).sort();
      const queued = async (event: string, teams: TeamFixture[]) =>
        (
          await t.db
            .select({ to: mailOutbox.recipient })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.event, event), inArray(mailOutbox.recipient, emailsOf(teams))))
        )
          .map((r) => r.to)
          .sort();
      expect(await queued("challenge.expired", made)).toEqual(emailsOf(made));
      expect(await queued("challenge.reminder", pendingTeams)).toEqual(emailsOf(pendingTeams.filter((_, i) => i % 2 === 1), true));
      expect(await queued("result.reminder", acceptedTeams)).toEqual(emailsOf(acceptedTeams, true));
      console.log(
        `clock / two instances + a restart: answer reminders ${sum(reminders, "answerReminders")}, expired unanswered ${sum(expiredUnanswered, "expired")}, ` +
          `result reminders ${sum(resultReminders, "resultReminders")}, expired unplayed ${sum(expiredUnplayed, "expired")}; notifications: ` +
          `${answerNotes.length} answer, ${resultNotes.length} result, ${expiredNotes.length} expired`,
      );
    } finally {
      await second.close().catch(() => undefined);
    }
  });
});

describe("GET /api/teams/{id}/response-record", () => {
  it("counts challenges answered in time and those that expired unanswered", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const c1 = await send(capA, b);
    await capB.patch(`/api/challenges/${c1.id}`).send({ status: "declined" }).expect(200);
    const c2 = await send(capA, b);
    await sweep(at(new Date(c2.acceptBy).getTime() + 1));
    const c3 = await send(capA, b);
    await capB.patch(`/api/challenges/${c3.id}`).send({ status: "accepted" }).expect(200);
    const res = await capA.get(`/api/teams/${b.team.id}/response-record`).expect(200);
    expect(res.body).toEqual({ answeredInTime: 2, expiredUnanswered: 1 });
    expect((await capA.get(`/api/teams/${a.team.id}/response-record`).expect(200)).body).toEqual({ answeredInTime: 0, expiredUnanswered: 0 });
    expect((await capA.get(`/api/teams/999999/response-record`)).status).toBe(404);
  });
});
