// Notifications: each event tells the right people once (captain, partner, admins), and the API shows
// a member only their own, newest first, paged, with read/unread and "mark all as read".
import { describe, expect, it } from "vitest";
import type supertest from "supertest";
import { and, eq, inArray } from "drizzle-orm";
import { mailOutbox, notifications, users } from "@shared/schema";
import { useTestApp, type TestApp } from "../../../tests/helpers/app";
import { challengeBody, createAdmin, createTeam, signIn, type TeamFixture } from "../../../tests/helpers/factories";

let t: TestApp;
useTestApp((app) => (t = app));

/** user id → the types of their notifications, for these users. */
async function told(userIds: number[]): Promise<Record<number, string[]>> {
  const rows = await t.db.select().from(notifications).where(inArray(notifications.userId, userIds)).orderBy(notifications.id);
  const out: Record<number, string[]> = Object.fromEntries(userIds.map((id) => [id, []]));
  for (const r of rows) out[r.userId]!.push(r.type);
  return out;
}

describe("each event tells the right people once", () => {
  it("challenge, acceptance, report and dispute: the other team's captain and partner, then the reporting team and each admin", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const admin = await createAdmin(t.db);
    const ch = await capA.post("/api/challenges").send(challengeBody(b));
    expect(ch.status).toBe(201);
    expect((await capB.patch(`/api/challenges/${ch.body.id}`).send({ status: "accepted" })).status).toBe(200);
    const rep = await capA
      .post("/api/matches")
      .send({ challengeId: ch.body.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, score: "[[3,1],[3,2]]" });
    expect(rep.status).toBe(201);
    expect((await capB.post(`/api/matches/${rep.body.match.id}/dispute`).send({ reason: "The second set was 2-3, not 3-2." })).status).toBe(200);

    const ids = [a.captain.id, a.partner.id, b.captain.id, b.partner.id, admin.id];
    expect(await told(ids)).toEqual({
      [a.captain.id]: ["challenge.accepted", "result.disputed"],
      [a.partner.id]: ["challenge.accepted", "result.disputed"],
      [b.captain.id]: ["challenge.received", "result.reported"],
      [b.partner.id]: ["challenge.received", "result.reported"],
      [admin.id]: ["dispute.opened"],
    });
    const [forAdmin] = await t.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(forAdmin!.link).toBe("/admin");
  });

  it("a declined or canceled challenge tells the other team only", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const c = await createTeam(t.db);
    const toB = await capA.post("/api/challenges").send(challengeBody(b));
    expect((await capB.patch(`/api/challenges/${toB.body.id}`).send({ status: "declined" })).status).toBe(200);
    const toC = await capA.post("/api/challenges").send(challengeBody(c));
    expect((await capA.delete(`/api/challenges/${toC.body.id}`)).status).toBe(200);
    expect(await told([a.captain.id, b.captain.id, c.captain.id])).toEqual({
      [a.captain.id]: ["challenge.declined"],
      [b.captain.id]: ["challenge.received"],
      [c.captain.id]: ["challenge.received", "challenge.canceled"],
    });
  });
});

/** The outbox rows of one event to these addresses (recipient order). */
async function queued(event: string, addresses: string[]): Promise<string[]> {
  const rows = await t.db
    .select({ recipient: mailOutbox.recipient })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.event, event), inArray(mailOutbox.recipient, addresses)))
    .orderBy(mailOutbox.recipient);
  return rows.map((r) => r.recipient);
}

describe("withdrawals and partner invitations go through the outbox too", () => {
  it("a withdrawn result tells the opponent's captain and partner (notification to My Challenges, one mail each); the reporting team is not told", async () => {
    const { a, b, capA, capB } = await t.signedInPair();
    const ch = await capA.post("/api/challenges").send(challengeBody(b));
    expect((await capB.patch(`/api/challenges/${ch.body.id}`).send({ status: "accepted" })).status).toBe(200);
    const rep = await capA
      .post("/api/matches")
      .send({ challengeId: ch.body.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, score: "[[3,1],[3,2]]" });
    expect(rep.status).toBe(201);
    expect((await capA.post(`/api/matches/${rep.body.match.id}/withdraw`)).status).toBe(200);

    expect(await told([a.captain.id, a.partner.id, b.captain.id, b.partner.id])).toEqual({
      [a.captain.id]: ["challenge.accepted"],
      [a.partner.id]: ["challenge.accepted"],
      [b.captain.id]: ["challenge.received", "result.reported", "result.withdrawn"],
      [b.partner.id]: ["challenge.received", "result.reported", "result.withdrawn"],
    });
    const [withdrawn] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.partner.id), eq(notifications.type, "result.withdrawn")));
    expect(withdrawn!.link).toBe("/challenges");
    const all = [a.captain.email, a.partner.email, b.captain.email, b.partner.email].map((e) => e.toLowerCase());
    expect(await queued("result.withdrawn", all)).toEqual([b.captain.email, b.partner.email].map((e) => e.toLowerCase()).sort());

    // A second withdrawal is refused and queues nothing more.
    expect((await capA.post(`/api/matches/${rep.body.match.id}/withdraw`)).status).toBe(404);
    expect(await queued("result.withdrawn", all)).toHaveLength(2);
  });

  it("a new partner's invitation is queued with the partner row; a refused one (the team has a partner) queues nothing", async () => {
    const { team, captain, partner } = await createTeam(t.db);
    const agent = t.agent();
    await signIn(agent, captain.username!);
    const body = { partnerName: "Olga Outbox", partnerEmail: `olga_${team.id}@example.test` };
    expect((await agent.post(`/api/teams/${team.id}/partner`).send(body)).status).toBe(409);
    expect(await queued("account.verification", [body.partnerEmail])).toEqual([]);

    await t.db.delete(users).where(eq(users.id, partner.id));
    expect((await agent.post(`/api/teams/${team.id}/partner`).send(body)).status).toBe(200);
    expect(await queued("account.verification", [body.partnerEmail])).toEqual([body.partnerEmail]);
  });
});

describe("GET /api/notifications and POST /api/notifications/read", () => {
  async function memberWith(n: number): Promise<{ team: TeamFixture; agent: supertest.Agent }> {
    const team = await createTeam(t.db);
    await t.db.insert(notifications).values(Array.from({ length: n }, (_, i) => ({ userId: team.captain.id, type: "challenge.received", text: `Notice ${i + 1}`, link: "/challenges" })));
    return { team, agent: await t.signedIn(team.captain.username) };
  }

  it("pages the member's own, newest first, with the unread count", async () => {
    const { agent } = await memberWith(5);
    await memberWith(3); // someone else's
    const first = await agent.get("/api/notifications?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: { text: string }) => i.text)).toEqual(["Notice 5", "Notice 4"]);
    expect(first.body.unreadCount).toBe(5);
    expect(first.body.items[0]).toMatchObject({ type: "challenge.received", link: "/challenges", readAt: null });
    expect(typeof first.body.items[0].createdAt).toBe("string");
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    const second = await agent.get("/api/notifications?limit=2&page=2");
    expect(second.body.items.map((i: { text: string }) => i.text)).toEqual(["Notice 3", "Notice 2"]);
    const last = await agent.get("/api/notifications?limit=2&page=3");
    expect(last.body.items.map((i: { text: string }) => i.text)).toEqual(["Notice 1"]);
    expect(last.body).toMatchObject({ page: 3, totalPages: 3, unreadCount: 5 });
    const all = await agent.get("/api/notifications");
    expect(all.body.items).toHaveLength(5);
  });

  it("marks some or all as read, only the member's own; bad input is a 400 with a message", async () => {
    const { agent } = await memberWith(3);
    const other = await memberWith(1);
    const [theirs] = (await other.agent.get("/api/notifications")).body.items as { id: number }[];
    const mine = (await agent.get("/api/notifications")).body.items as { id: number }[];
    const one = await agent.post("/api/notifications/read").send({ ids: [mine[0]!.id, theirs!.id] });
    expect(one.body).toEqual({ updated: 1, unreadCount: 2 });
    expect((await other.agent.get("/api/notifications")).body.unreadCount).toBe(1);
    const page = await agent.get("/api/notifications");
    expect(page.body.items[0].readAt).not.toBeNull();
    expect(page.body.items[1].readAt).toBeNull();
    expect((await agent.post("/api/notifications/read").send({ all: true })).body).toEqual({ updated: 2, unreadCount: 0 });
    for (const bad of [{}, { ids: [] }, { ids: ["x"] }, { all: false }, { all: true, ids: [1] }]) {
      const res = await agent.post("/api/notifications/read").send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    for (const q of ["limit=0", "limit=51", "page=abc", "page=0"]) {
      const res = await agent.get(`/api/notifications?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });
});
