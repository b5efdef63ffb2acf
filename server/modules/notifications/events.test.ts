// Each event tells the right people exactly once (docs/product.md, "Events and notifications"): one
// row per event of the issue, acted through the API (or the sweep), then the notifications and the
// queued mails written since are compared with who should have been told: the captain and partner of
// a team, the user concerned, or the admins. Runs on PGlite and on PostgreSQL like every test.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, gt, sql } from "drizzle-orm";
import { challengeSlots, disputes, mailOutbox, notifications, users, type Challenge, type User } from "@shared/schema";
import { EVENT_CATEGORY, type EventType } from "@shared/constants";
import { useTestApp, type TestApp } from "../../../tests/helpers/app";
import { challengeBody, createAdmin, createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { acceptedChallenge, reportedMatch } from "../matches/matches.fixtures";
import { jobs } from "../../jobs";
import { issueToken } from "../../auth/tokens";
import { CHALLENGE_STATUS, type ChallengeStatus } from "@shared/constants";

let t: TestApp;
let admin: User;
let adminAgent: Awaited<ReturnType<TestApp["signedIn"]>>;
useTestApp((app) => (t = app));
beforeAll(async () => {
  admin = await createAdmin(t.db);
  adminAgent = await t.signedIn(admin.username);
});

/** Who an event should reach: notified in the app (user ids) and mailed (addresses). */
interface Told {
  notified: number[];
  mailed: string[];
}
const members = (...teams: TeamFixture[]): User[] => teams.flatMap((x) => [x.captain, x.partner]);
const told = (notified: User[], mailed: User[] = notified): Told => ({
  notified: notified.map((u) => u.id).sort((a, b) => a - b),
  mailed: mailed.map((u) => u.email.toLowerCase()).sort(),
});

/** The admins who are not suspended, now (an event for admins reaches every one of them). */
async function admins(): Promise<User[]> {
  return t.db.select().from(users).where(and(eq(users.isAdmin, true), eq(users.isSuspended, false)));
}

/** Two new teams, made one after the other. */
const twoTeams = async (): Promise<[TeamFixture, TeamFixture]> => [await createTeam(t.db), await createTeam(t.db)];

/** A challenge from a new team `a` to a new team `b` (accepted unless `status` says otherwise). */
async function challenged(status?: ChallengeStatus): Promise<{ a: TeamFixture; b: TeamFixture; ch: Challenge }> {
  const [a, b] = await twoTeams();
  return { a, b, ch: await acceptedChallenge(t.db, a.team, b.team, "grass", status) };
}
const captain = (team: TeamFixture) => t.signedIn(team.captain.username);

async function disputed(reporter: TeamFixture, opponent: TeamFixture): Promise<number> {
  const { match } = await reportedMatch(t.db, { reporter: { team: reporter.team, captainId: reporter.captain.id }, opponent: opponent.team });
  const agent = await captain(opponent);
  expect((await agent.post(`/api/matches/${match.id}/dispute`).send({ reason: "The second set was 2-3, not 3-2." })).status).toBe(200);
  const [row] = await t.db.select({ id: disputes.id }).from(disputes).where(eq(disputes.matchId, match.id));
  return row!.id;
}

/** `days` ahead at 18:00 UTC: on the challenge form's grid in the club's zone (10:00 or 11:00 in Vancouver). */
function onGrid(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(18, 0, 0, 0);
  return d.toISOString();
}

interface Row {
  event: EventType;
  case?: string;
  /** Acts, and says who must have been told (per event type, when the act causes several). */
  act: () => Promise<Partial<Record<EventType, Told>>>;
}

const rows: Row[] = [
  {
    event: "challenge.received",
    act: async () => {
      const [a, b] = await twoTeams();
      expect((await (await captain(a)).post("/api/challenges").send(challengeBody(b))).status).toBe(201);
      return { "challenge.received": told(members(b)) };
    },
  },
  // The challenged team answers a pending challenge: the challenger's members are told.
  ...(["accepted", "declined"] as const).map(
    (answer): Row => ({
      event: `challenge.${answer}`,
      act: async () => {
        const { a, b, ch } = await challenged(CHALLENGE_STATUS.pending);
        expect((await (await captain(b)).patch(`/api/challenges/${ch.id}`).send({ status: answer })).status).toBe(200);
        return { [`challenge.${answer}`]: told(members(a)) };
      },
    }),
  ),
  {
    event: "challenge.canceled",
    act: async () => {
      const { a, b, ch } = await challenged(CHALLENGE_STATUS.pending);
      expect((await (await captain(a)).delete(`/api/challenges/${ch.id}`)).status).toBe(200);
      return { "challenge.canceled": told(members(b)) };
    },
  },
  {
    event: "challenge.countered",
    act: async () => {
      const { a, b, ch } = await challenged(CHALLENGE_STATUS.pending);
      expect((await (await captain(b)).post(`/api/challenges/${ch.id}/slots`).send({ slots: [{ startsAt: onGrid(4) }] })).status).toBe(201);
      return { "challenge.countered": told(members(a)) };
    },
  },
  {
    event: "challenge.reschedule_proposed",
    act: async () => {
      const { a, b, ch } = await challenged();
      expect((await (await captain(a)).post(`/api/challenges/${ch.id}/slots`).send({ slots: [{ startsAt: onGrid(5) }] })).status).toBe(201);
      return { "challenge.reschedule_proposed": told(members(b)) };
    },
  },
  {
    event: "challenge.rescheduled",
    act: async () => {
      const { a, b, ch } = await challenged();
      const proposed = await (await captain(a)).post(`/api/challenges/${ch.id}/slots`).send({ slots: [{ startsAt: onGrid(6) }] });
      expect(proposed.status).toBe(201);
      const [slot] = await t.db.select({ id: challengeSlots.id }).from(challengeSlots).where(eq(challengeSlots.challengeId, ch.id));
      expect((await (await captain(b)).post(`/api/challenges/${ch.id}/slots/${slot!.id}/accept`).send({})).status).toBe(200);
      return { "challenge.reschedule_proposed": told(members(b)), "challenge.rescheduled": told(members(a)) };
    },
  },
  {
    event: "result.reported",
    act: async () => {
      const { a, b, ch } = await challenged();
      const res = await (await captain(a))
        .post("/api/matches")
        .send({ challengeId: ch.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, score: "[[3,1],[3,2]]" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { "result.reported": told(members(b)) };
    },
  },
  {
    event: "result.confirmed",
    case: "approved in the app",
    act: async () => {
      const [a, b] = await twoTeams();
      const { match } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
      expect((await (await captain(b)).post(`/api/matches/${match.id}/approve`).send({})).status).toBe(200);
      return { "result.confirmed": told(members(a)) };
    },
  },
  {
    event: "result.confirmed",
    case: "confirmed by the emailed link",
    act: async () => {
      const [a, b] = await twoTeams();
      const { token } = await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team });
      expect((await t.request.post(`/api/matches/confirm/${token}`).send({})).status).toBe(200);
      return { "result.confirmed": told(members(a)) };
    },
  },
  {
    event: "result.auto_confirmed",
    act: async () => {
      const [a, b] = await twoTeams();
      await reportedMatch(t.db, { reporter: { team: a.team, captainId: a.captain.id }, opponent: b.team, deadline: new Date(Date.now() - 60_000) });
      // The jobs runner's approval sweep, as on every instance.
      expect(((await jobs.find((j) => j.name === "match-approval-sweep")!.run(t.deps)) as { confirmed: number }).confirmed).toBeGreaterThanOrEqual(1);
      return { "result.auto_confirmed": told(members(a, b)) };
    },
  },
  {
    event: "result.disputed",
    act: async () => {
      const [a, b] = await twoTeams();
      await disputed(a, b);
      return { "result.disputed": told(members(a)), "dispute.opened": told(await admins()) };
    },
  },
  ...(["uphold", "void"] as const).map(
    (outcome): Row => ({
      event: "dispute.resolved",
      case: outcome,
      act: async () => {
        const [a, b] = await twoTeams();
        const id = await disputed(a, b);
        const res = await adminAgent.patch(`/api/disputes/${id}`).send({ status: "resolved", resolutionNotes: "Checked with both teams.", outcome });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return { "dispute.resolved": told(members(a, b)) };
      },
    }),
  ),
  {
    event: "account.verified",
    act: async () => {
      const a = await createTeam(t.db, { verified: false, approved: false });
      const token = await issueToken(t.db, { purpose: "email_verification", userId: a.captain.id });
      expect((await t.request.post(`/api/verify-email/${token}`).send({})).status).toBe(200);
      return { "account.verified": told([a.captain]) };
    },
  },
  {
    event: "account.approved",
    act: async () => {
      const a = await createTeam(t.db, { approved: false });
      expect((await adminAgent.post(`/api/admin/approve-user/${a.captain.id}`).send({})).status).toBe(200);
      return { "account.approved": told(members(a)) };
    },
  },
  {
    event: "account.rejected",
    act: async () => {
      const a = await createTeam(t.db, { approved: false });
      expect((await adminAgent.post(`/api/admin/reject-user/${a.captain.id}`).send({ reason: "Not a club member." })).status).toBe(200);
      // They can no longer sign in: mail only.
      return { "account.rejected": told([], members(a)) };
    },
  },
  {
    event: "account.suspended",
    act: async () => {
      const a = await createTeam(t.db);
      expect((await adminAgent.post(`/api/admin/users/${a.partner.id}/suspend`).send({ reason: "Unpaid fees." })).status).toBe(200);
      return { "account.suspended": told([], [a.partner]) };
    },
  },
  {
    event: "account.unsuspended",
    act: async () => {
      const a = await createTeam(t.db);
      await t.db.update(users).set({ isSuspended: true, suspensionReason: "Unpaid fees." }).where(eq(users.id, a.partner.id));
      expect((await adminAgent.post(`/api/admin/users/${a.partner.id}/unsuspend`).send({})).status).toBe(200);
      return { "account.unsuspended": told([a.partner]) };
    },
  },
  {
    event: "team.deleted",
    act: async () => {
      const a = await createTeam(t.db);
      expect((await adminAgent.delete(`/api/admin/teams/${a.team.id}`).send({ reason: "Left the club." })).status).toBe(200);
      return { "team.deleted": told([], members(a)) };
    },
  },
  {
    event: "team.restored",
    act: async () => {
      const a = await createTeam(t.db);
      expect((await adminAgent.delete(`/api/admin/teams/${a.team.id}`).send({ reason: "Left the club." })).status).toBe(200);
      expect((await adminAgent.post(`/api/admin/teams/${a.team.id}/restore`).send({})).status).toBe(200);
      return { "team.restored": told(members(a)) };
    },
  },
  {
    event: "team.partner_joined",
    act: async () => {
      const a = await createTeam(t.db);
      await t.db.update(users).set({ username: null, password: null }).where(eq(users.id, a.partner.id));
      const token = await issueToken(t.db, { purpose: "partner_invite", userId: a.partner.id });
      const res = await t.request.post(`/api/accept-invite/${token}`).send({ username: `joined_${a.team.id}`, password: "Courtside8" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { "team.partner_joined": told([a.captain]) };
    },
  },
  {
    event: "account.password_reset",
    case: "password changed",
    act: async () => {
      const a = await createTeam(t.db);
      const token = await issueToken(t.db, { purpose: "password_reset", userId: a.captain.id });
      expect((await t.request.post(`/api/reset-password/${token}`).send({ newPassword: "Courtside9" })).status).toBe(200);
      return { "account.password_reset": told([a.captain]) };
    },
  },
];

async function high(): Promise<{ n: number; m: number }> {
  const [n] = await t.db.select({ v: sql<number>`coalesce(max(${notifications.id}), 0)` }).from(notifications);
  const [m] = await t.db.select({ v: sql<number>`coalesce(max(${mailOutbox.id}), 0)` }).from(mailOutbox);
  return { n: Number(n!.v), m: Number(m!.v) };
}

describe("each event → the right recipients, once, in the change's transaction", () => {
  it("every event of the category table has a row here (account mails sent without an event of their own excepted)", () => {
    const covered = new Set(rows.flatMap((r) => [r.event]));
    covered.add("dispute.opened");
    const untested = (Object.keys(EVENT_CATEGORY) as EventType[]).filter((e) => !covered.has(e));
    // Mails that change nothing by themselves or carry a link (no notification): tested with their features.
    // The challenge clock's events come from its sweeps at a set time: their recipients are tested in
    // server/modules/challenges/challenges.clock.test.ts.
    expect(untested.sort()).toEqual(
      [
        "account.admin_rights",
        "account.recovery",
        "account.registration",
        "account.verification",
        "result.withdrawn",
        "approval.reminder",
        "challenge.expired",
        "challenge.reminder",
        "result.reminder",
      ].sort(),
    );
  });

  it.each(rows.map((r) => [r.case ? `${r.event} (${r.case})` : r.event, r] as const))("%s", async (_name, row) => {
    const before = await high();
    const expected = await row.act();
    for (const [event, want] of Object.entries(expected) as [EventType, Told][]) {
      const notes = await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(gt(notifications.id, before.n), eq(notifications.type, event)));
      const mails = await t.db
        .select({ recipient: mailOutbox.recipient })
        .from(mailOutbox)
        .where(and(gt(mailOutbox.id, before.m), eq(mailOutbox.event, event)));
      // Sorted, duplicates kept: a second row for anyone fails.
      expect(notes.map((r) => r.userId).sort((a, b) => a - b), `${event}: notified`).toEqual(want.notified);
      expect(mails.map((r) => r.recipient.toLowerCase()).sort(), `${event}: mailed`).toEqual(want.mailed);
    }
  });
});
