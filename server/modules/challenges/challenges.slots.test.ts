// Proposed times (docs/product.md, "Proposed times"; docs/decisions/030-proposed-slots-and-reschedule.md):
// the rules and messages of a proposal, whose turn it is, counter-proposals and the answer window they
// reset, the players' ticks, reschedules and the deadlines they move. Through HTTP where a person
// acts; the clock's `now` through the services where time matters.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type supertest from "supertest";
import { challengeSlots, challenges } from "@shared/schema";
import { SLOT_MESSAGES } from "@shared/validators/challenges";
import { zonedInstant, zonedParts } from "@shared/availability";
import type { ChallengeView } from "@shared/types/challenges";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { proposeSlots } from "./challenges.slots";
import { sweepChallengeClock } from "./challenges.clock";

let t: TestApp;
useTestApp((app) => (t = app));

const DAY = 86_400_000;

/** `days` club days from today at `hh:mm` club time (on the form's grid when mm is 00 or 30). */
function clubTime(days: number, hhmm: string): Date {
  const today = zonedParts(new Date(), t.env.CLUB_TIMEZONE);
  const d = new Date(Date.UTC(today.year, today.month - 1, today.day + days, 12));
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return zonedInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), h * 60 + m, t.env.CLUB_TIMEZONE);
}
const slot = (days: number, hhmm = "18:00", location?: string) => ({ startsAt: clubTime(days, hhmm).toISOString(), ...(location ? { location } : {}) });


function send(agent: supertest.Agent, target: TeamFixture, body: Record<string, unknown>) {
  return agent.post("/api/challenges").send({
    challengedTeamId: target.team.id,
    location: "UBC grass",
    competitionType: target.team.competitionType,
    notes: "Call me at 604-555-0100",
    ...body,
  });
}

/** The challenge as the agent's My Challenges list shows it. */
async function view(agent: supertest.Agent, id: number): Promise<ChallengeView> {
  for (const dir of ["incoming", "outgoing"]) {
    const res = await agent.get(`/api/challenges/${dir}`);
    const found = (res.body.items as ChallengeView[]).find((c) => c.id === id);
    if (found) return found;
  }
  throw new Error(`challenge ${id} not on the lists`);
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id));
  return row!;
}

async function slotsOf(id: number) {
  return t.db.select().from(challengeSlots).where(eq(challengeSlots.challengeId, id)).orderBy(challengeSlots.round, challengeSlots.startsAt);
}

describe("proposing times: the rules and their messages", () => {
  it("refuses 0 or 4 times, a past time, a time off the half-hour grid or outside 06:00–22:30, the same time twice, a place on another surface", async () => {
    const { b, capA } = await t.signedInPair();
    const cases: [unknown, string][] = [
      [[], SLOT_MESSAGES.none],
      [[slot(1), slot(2), slot(3), slot(4)], SLOT_MESSAGES.tooMany],
      [[{ startsAt: new Date(Date.now() - DAY).toISOString() }], SLOT_MESSAGES.past],
      [[slot(2, "18:15")], SLOT_MESSAGES.offGrid],
      [[slot(2, "23:00")], SLOT_MESSAGES.offGrid],
      [[slot(2, "05:30")], SLOT_MESSAGES.offGrid],
      [[slot(2), slot(2)], SLOT_MESSAGES.duplicate],
      [[slot(2, "18:00", "Jericho Beach")], SLOT_MESSAGES.otherSurface],
      [[{ startsAt: "tomorrow" }], SLOT_MESSAGES.startsAt],
    ];
    for (const [slots, message] of cases) {
      const res = await send(capA, b, { slots });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // Nothing was stored.
    expect(await t.db.select().from(challenges).where(eq(challenges.challengedTeamId, b.team.id))).toEqual([]);
  });

  it("stores 1 to 3 times as the first round (the earliest shown as the challenge's time); the older single time is one slot", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const res = await send(capA, b, { slots: [slot(5, "18:00"), slot(3, "10:30", "UBC grass field 2"), slot(4, "22:30")] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ awaitingTeamId: b.team.id, proposedDateTime: clubTime(3, "10:30").toISOString() });
    const seen = await view(capB, res.body.id);
    expect(seen.slots.map((s) => [s.startsAt, s.location, s.proposedByTeamId, s.round])).toEqual([
      [clubTime(3, "10:30").toISOString(), "UBC grass field 2", a.team.id, 1],
      [clubTime(4, "22:30").toISOString(), "UBC grass", a.team.id, 1],
      [clubTime(5, "18:00").toISOString(), "UBC grass", a.team.id, 1],
    ]);
    const mail = await t.mail.waitFor((m) => m.to.includes(b.captain.email) && m.subject === `New challenge from ${a.team.name}`);
    expect(mail.text).toContain("Proposed times (your captain accepts one):\n- ");

    const c = await createTeam(t.db);
    const legacy = await send(capA, c, { proposedDateTime: new Date(Date.now() + 2 * DAY).toISOString() });
    expect(legacy.status).toBe(201);
    expect((await slotsOf(legacy.body.id)).map((s) => [s.startsAt.toISOString(), s.status])).toEqual([[legacy.body.proposedDateTime, "open"]]);
    // With one open time, accepting without naming it keeps working.
    const capC = await t.signedIn(c.captain.username);
    expect((await capC.patch(`/api/challenges/${legacy.body.id}`).send({ status: "accepted" })).status).toBe(200);
  });
});

describe("answering: accept one time, counter-propose, whose turn it is", () => {
  it("the challenged captain accepts the second of three times: the challenge takes its time and place, the others close, play-by follows it", async () => {
    const { b, capA, capB } = await t.signedInPair();
    const created = await send(capA, b, { slots: [slot(2), slot(9, "19:30", "UBC grass north"), slot(3)] });
    const id = created.body.id as number;
    const slots = (await view(capB, id)).slots;
    const second = slots[2]!;
    expect(second.startsAt).toBe(clubTime(9, "19:30").toISOString());

    const ambiguous = await capB.patch(`/api/challenges/${id}`).send({ status: "accepted" });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.message).toBe(SLOT_MESSAGES.slotId);

    const ok = await capB.patch(`/api/challenges/${id}`).send({ status: "accepted", slotId: second.id });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "accepted", proposedDateTime: second.startsAt, location: "UBC grass north", awaitingTeamId: null });
    // Never earlier than the match + 2 days.
    expect(new Date(ok.body.playBy).getTime()).toBeGreaterThanOrEqual(new Date(second.startsAt).getTime() + 2 * DAY);
    expect((await slotsOf(id)).map((s) => s.status).sort()).toEqual(["accepted", "closed", "closed"]);
    expect((await view(capA, id)).slots).toEqual([]);
  });

  it("a slot of another challenge, or one closed, cannot be accepted; a stranger's answer is 404", async () => {
    const { b, capA, capB } = await t.signedInPair();
    const one = (await send(capA, b, { slots: [slot(2), slot(3)] })).body.id as number;
    const c = await createTeam(t.db);
    const other = (await send(capA, c, { slots: [slot(2)] })).body.id as number;
    const otherSlot = (await slotsOf(other))[0]!;
    const wrong = await capB.patch(`/api/challenges/${one}`).send({ status: "accepted", slotId: otherSlot.id });
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe("slot_not_open");
    const capC = await t.signedIn(c.captain.username);
    const stranger = await capC.patch(`/api/challenges/${one}`).send({ status: "accepted", slotId: (await slotsOf(one))[0]!.id });
    expect(stranger.status).toBe(404);
    expect((await capC.post(`/api/challenges/${one}/slots`).send({ slots: [slot(4)] })).status).toBe(404);
  });

  it("counter-proposals pass the turn back and forth; out of turn is refused with a clear message; the challenger accepts one of the counter times", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const id = (await send(capA, b, { slots: [slot(2), slot(3)] })).body.id as number;
    const firstRound = await slotsOf(id);

    // The challenger cannot accept or counter its own proposal.
    const own = await capA.patch(`/api/challenges/${id}`).send({ status: "accepted", slotId: firstRound[0]!.id });
    expect(own.status).toBe(403);
    const early = await capA.post(`/api/challenges/${id}/slots`).send({ slots: [slot(4)] });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "not_your_turn", message: "Your team proposed the open times: it is the other team's turn to accept one of them or propose others." });

    const counter = await capB.post(`/api/challenges/${id}/slots`).send({ slots: [slot(5, "09:00"), slot(6, "09:00")] });
    expect(counter.status).toBe(201);
    expect(counter.body).toMatchObject({ status: "pending", awaitingTeamId: a.team.id, proposedDateTime: clubTime(5, "09:00").toISOString() });
    expect(counter.body.answeredAt).not.toBeNull();
    const mail = await t.mail.waitFor((m) => m.to.includes(a.captain.email) && m.subject === `${b.team.name} proposed other times for your challenge`);
    expect(mail.text).toContain("Please answer by");
    const notes = await capA.get("/api/notifications");
    expect(JSON.stringify(notes.body)).toContain("challenge.countered");

    // Now it is the challenger's turn: the challenged captain can neither accept nor counter again.
    const rounds = await slotsOf(id);
    expect(rounds.filter((s) => s.round === 1).map((s) => s.status)).toEqual(["closed", "closed"]);
    const counterSlots = rounds.filter((s) => s.round === 2);
    const outOfTurn = await capB.patch(`/api/challenges/${id}`).send({ status: "accepted", slotId: counterSlots[0]!.id });
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body.code).toBe("not_your_turn");
    expect((await capB.post(`/api/challenges/${id}/slots`).send({ slots: [slot(7)] })).body.code).toBe("not_your_turn");
    // A time of the first round is closed.
    expect((await capA.patch(`/api/challenges/${id}`).send({ status: "accepted", slotId: firstRound[0]!.id })).body.code).toBe("slot_not_open");

    const accepted = await capA.post(`/api/challenges/${id}/slots/${counterSlots[1]!.id}/accept`).send({});
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", proposedDateTime: clubTime(6, "09:00").toISOString(), awaitingTeamId: null });
    await t.mail.waitFor((m) => m.to.includes(b.captain.email) && m.subject === `${a.team.name} accepted the time you proposed`);
  });

  it("a counter-proposal gives the other side a fresh answer window; its reminder and expiry go to the side whose turn it is", async () => {
    const { a, b, capA } = await t.signedInPair();
    const id = (await send(capA, b, { slots: [slot(10)] })).body.id as number;
    const sent = await rowOf(id);
    const windowMs = sent.acceptBy!.getTime() - sent.createdAt.getTime();
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await proposeSlots(t.deps, { challengeId: id, slots: [{ startsAt: clubTime(11, "18:00"), location: undefined }], actor: { teamId: b.team.id }, now: later });
    const row = await rowOf(id);
    expect(row.awaitingTeamId).toBe(a.team.id);
    // The answer window starts again at the counter-proposal, for the challenger.
    expect(row.acceptBy!.getTime()).toBe(later.getTime() + windowMs);
    expect(row.answerRemindedAt).toBeNull();

    // The reminder point: the challenger's captain is reminded, not the challenged one.
    const sweepAt = new Date(row.answerRemindAt!.getTime() + 1000);
    expect((await sweepChallengeClock({ db: t.db, env: t.env, logger: t.deps.logger, now: sweepAt })).answerReminders).toBeGreaterThanOrEqual(1);
    const reminder = await t.mail.waitFor((m) => m.subject.startsWith(`Reminder: answer the challenge from ${b.team.name}`));
    expect(reminder.to).toContain(a.captain.email);
    expect(reminder.to).not.toContain(b.captain.email);

    await sweepChallengeClock({ db: t.db, env: t.env, logger: t.deps.logger, now: new Date(row.acceptBy!.getTime() + 1000) });
    expect((await rowOf(id)).status).toBe("expired");
    const expired = await t.mail.waitFor((m) => m.to.includes(a.captain.email) && m.subject.startsWith("Challenge expired"));
    expect(expired.text).toContain(`${a.team.name} did not accept or decline it before its answer window ended`);
    expect((await slotsOf(id)).every((s) => s.status === "closed")).toBe(true);
    // The challenged team answered in time (its counter-proposal): not an unanswered expiry on its record.
    const record = await capA.get(`/api/teams/${b.team.id}/response-record`);
    expect(record.body).toEqual({ answeredInTime: 1, expiredUnanswered: 0 });
  });
});

describe("ticks: each player's can play / can't", () => {
  it("all four players may tick each open time and both captains see who ticked what; others are refused", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const id = (await send(capA, b, { slots: [slot(2), slot(3)] })).body.id as number;
    const [s1, s2] = await slotsOf(id);
    const partnerA = await t.signedIn(a.partner.username);
    const partnerB = await t.signedIn(b.partner.username);
    expect((await partnerA.put(`/api/challenges/${id}/slots/${s1!.id}/answer`).send({ canPlay: true })).status).toBe(200);
    expect((await partnerB.put(`/api/challenges/${id}/slots/${s1!.id}/answer`).send({ canPlay: false })).status).toBe(200);
    expect((await capB.put(`/api/challenges/${id}/slots/${s2!.id}/answer`).send({ canPlay: true })).status).toBe(200);
    // Answering again changes the answer.
    expect((await partnerB.put(`/api/challenges/${id}/slots/${s1!.id}/answer`).send({ canPlay: true })).status).toBe(200);

    for (const agent of [capA, capB]) {
      const seen = (await view(agent, id)).slots;
      expect(seen[0]!.answers.map((x) => [x.userId, x.canPlay]).sort()).toEqual(
        [
          [a.partner.id, true],
          [b.partner.id, true],
        ].sort(),
      );
      expect(seen[0]!.answers.map((x) => x.name).sort()).toEqual([a.partner.name, b.partner.name].sort());
      expect(seen[1]!.answers).toEqual([{ userId: b.captain.id, name: b.captain.name, teamId: b.team.id, canPlay: true }]);
    }

    const c = await createTeam(t.db);
    const stranger = await t.signedIn(c.partner.username);
    expect((await stranger.put(`/api/challenges/${id}/slots/${s1!.id}/answer`).send({ canPlay: true })).status).toBe(404);
    const bad = await partnerA.put(`/api/challenges/${id}/slots/${s1!.id}/answer`).send({ canPlay: "yes" });
    expect(bad.status).toBe(400);
    // A closed time takes no more ticks.
    await capB.patch(`/api/challenges/${id}`).send({ status: "accepted", slotId: s2!.id });
    const closed = await partnerA.put(`/api/challenges/${id}/slots/${s1!.id}/answer`).send({ canPlay: false });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe("slot_not_open");
  });
});

describe("rescheduling an accepted challenge", () => {
  async function acceptedPair() {
    const p = await t.signedInPair();
    const id = (await send(p.capA, p.b, { slots: [slot(3)] })).body.id as number;
    const res = await p.capB.patch(`/api/challenges/${id}`).send({ status: "accepted" });
    expect(res.status).toBe(200);
    return { ...p, id, accepted: res.body as { playBy: string; proposedDateTime: string } };
  }

  it("either captain proposes new times; the old time stands until the other accepts one; then the time, schedule_version and play-by move", async () => {
    const { a, b, capA, capB, id, accepted } = await acceptedPair();
    const proposed = await capB.post(`/api/challenges/${id}/slots`).send({ slots: [slot(20, "07:00"), slot(21, "07:00")] });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ status: "accepted", awaitingTeamId: a.team.id, proposedDateTime: accepted.proposedDateTime });
    expect((await rowOf(id)).scheduleVersion).toBe(0);
    await t.mail.waitFor((m) => m.to.includes(a.captain.email) && m.subject === `${b.team.name} proposes to move your match`);

    // Out of turn: the proposer can neither accept its own times nor propose again.
    const newSlots = (await view(capA, id)).slots;
    expect(newSlots).toHaveLength(2);
    const own = await capB.post(`/api/challenges/${id}/slots/${newSlots[1]!.id}/accept`).send({});
    expect(own.status).toBe(409);
    expect(own.body.code).toBe("not_your_turn");
    expect((await capB.post(`/api/challenges/${id}/slots`).send({ slots: [slot(22)] })).body.code).toBe("not_your_turn");

    const moved = await capA.post(`/api/challenges/${id}/slots/${newSlots[1]!.id}/accept`).send({});
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: "accepted", proposedDateTime: clubTime(21, "07:00").toISOString(), awaitingTeamId: null });
    expect((await rowOf(id)).scheduleVersion).toBe(1);
    // The play-by date moved with the match: never before it + 2 days, never earlier than it was.
    expect(new Date(moved.body.playBy).getTime()).toBeGreaterThanOrEqual(clubTime(21, "07:00").getTime() + 2 * DAY);
    expect(new Date(moved.body.playBy).getTime()).toBeGreaterThan(new Date(accepted.playBy).getTime());
    await t.mail.waitFor((m) => m.to.includes(b.captain.email) && m.subject === `${a.team.name} accepted the new time of your match`);
    expect((await view(capB, id)).slots).toEqual([]);
  });

  it("moving the match earlier keeps the play-by date it had; a counter to a reschedule passes the turn", async () => {
    const { a, b, capA, capB, id, accepted } = await acceptedPair();
    await capA.post(`/api/challenges/${id}/slots`).send({ slots: [slot(20)] });
    const counter = await capB.post(`/api/challenges/${id}/slots`).send({ slots: [slot(2, "08:00")] });
    expect(counter.status).toBe(201);
    expect(counter.body.awaitingTeamId).toBe(a.team.id);
    const [open] = (await view(capA, id)).slots;
    expect(open!.proposedByTeamId).toBe(b.team.id);
    const moved = await capA.post(`/api/challenges/${id}/slots/${open!.id}/accept`).send({});
    expect(moved.status).toBe(200);
    expect(moved.body.playBy).toBe(accepted.playBy);
    expect(moved.body.proposedDateTime).toBe(clubTime(2, "08:00").toISOString());
  });

  it("the proposer may withdraw its proposal: the times close as withdrawn and can no longer be accepted; the other side cannot withdraw it", async () => {
    const { capA, capB, id } = await acceptedPair();
    await capA.post(`/api/challenges/${id}/slots`).send({ slots: [slot(20)] });
    const [open] = (await view(capB, id)).slots;
    const notTheirs = await capB.delete(`/api/challenges/${id}/slots`);
    expect(notTheirs.status).toBe(409);
    expect(notTheirs.body.code).toBe("nothing_to_withdraw");
    const withdrawn = await capA.delete(`/api/challenges/${id}/slots`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.awaitingTeamId).toBeNull();
    expect((await t.db.select().from(challengeSlots).where(and(eq(challengeSlots.challengeId, id), eq(challengeSlots.round, 2))))[0]!.status).toBe("withdrawn");
    const late = await capB.post(`/api/challenges/${id}/slots/${open!.id}/accept`).send({});
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("slot_not_open");
    expect((await rowOf(id)).scheduleVersion).toBe(0);
  });

  it("a reported, canceled or declined challenge takes no new times", async () => {
    const { capA, id } = await acceptedPair();
    expect((await capA.patch(`/api/challenges/${id}`).send({ status: "canceled" })).status).toBe(200);
    const res = await capA.post(`/api/challenges/${id}/slots`).send({ slots: [slot(20)] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This challenge is canceled: no other times can be proposed.");
  });
});
