// Admins make other members admins and take admin rights away, never from the last admin.
import { beforeEach, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { and, eq, ne, sql } from "drizzle-orm";
import { users } from "@shared/schema";
import { useTestApp, type TestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, PASSWORD, signIn } from "../../../tests/helpers/factories";

let t: TestApp;
const logLines: string[] = [];
useTestApp(
  (app) => (t = app),
  { LOG_LEVEL: "info" },
  {
    logDestination: new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    }),
  },
);

const events = (name: string) => logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.event === name);
const adminCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true)))[0]!.n);

describe("promoting a member", () => {
  it("makes an approved member an admin: they reach the admin panel, are emailed, and the action is logged", async () => {
    const { agent, admin } = await t.signedInAdmin();
    const { captain } = await createTeam(t.db);
    const memberAgent = await t.signedIn(captain.username);
    expect((await memberAgent.get("/api/admin/stats")).status).toBe(403);

    const res = await agent.post(`/api/admin/users/${captain.id}/promote`).send({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: `${captain.name} is now an admin.`, userId: captain.id, name: captain.name });
    // The member's own session now has admin rights (no new sign-in needed).
    expect((await memberAgent.get("/api/admin/stats")).status).toBe(200);
    await t.mail.waitFor((m) => m.to.includes(captain.email) && m.subject.includes("now a Doubles Ladder administrator"));
    expect(events("admin.promote")).toContainEqual(expect.objectContaining({ adminId: admin.id, userId: captain.id }));
    const list = await agent.get("/api/admin/admins");
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: captain.id, secondFactor: false, isSelf: false })]));
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: admin.id, isSelf: true })]));
  });

  it("refuses an admin, a partner without a login, a suspended, an unapproved and an unverified member; 404 for nobody", async () => {
    const { agent } = await t.signedInAdmin();
    const other = await createAdmin(t.db);
    const { team } = await createTeam(t.db);
    const [invitee] = await t.db.insert(users).values({ name: "No Login", email: `nologin_${team.id}@example.test`, teamId: team.id, isPartner: true }).returning();
    const suspended = (await createTeam(t.db)).captain;
    await t.db.update(users).set({ isSuspended: true, suspensionReason: "No-shows." }).where(eq(users.id, suspended.id));
    const unapproved = (await createTeam(t.db, { approved: false })).captain;
    const unverified = (await createTeam(t.db, { verified: false })).captain;
    const cases: [number, RegExp][] = [
      [other.id, /already an admin/],
      [invitee!.id, /no login yet/],
      [suspended.id, /suspended/],
      [unapproved.id, /not approved/],
      [unverified.id, /not verified/],
    ];
    for (const [id, message] of cases) {
      const res = await agent.post(`/api/admin/users/${id}/promote`).send({});
      expect(res.status, String(message)).toBe(409);
      expect(res.body.message).toMatch(message);
      expect(res.body.title).toBe("Promotion Failed");
    }
    expect((await agent.post("/api/admin/users/999999/promote").send({})).status).toBe(404);
    for (const [id] of cases.slice(1)) expect((await t.db.select({ a: users.isAdmin }).from(users).where(eq(users.id, id)))[0]!.a).toBe(false);
  });
});

describe("demoting an admin", () => {
  beforeEach(async () => {
    // Each test decides how many admins exist.
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
  });

  it("takes another admin's rights away: their session loses the admin panel, they are emailed, it is logged", async () => {
    const { agent, admin } = await t.signedInAdmin();
    const other = await createAdmin(t.db);
    const otherAgent = await t.signedIn(other.username);
    expect((await otherAgent.get("/api/admin/stats")).status).toBe(200);
    const res = await agent.post(`/api/admin/users/${other.id}/demote`).send({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`${other.name} is no longer an admin.`);
    expect((await otherAgent.get("/api/admin/stats")).status).toBe(403);
    expect((await otherAgent.get("/api/user")).body.isAdmin).toBe(false);
    await t.mail.waitFor((m) => m.to.includes(other.email) && m.subject.includes("no longer a Doubles Ladder administrator"));
    expect(events("admin.demote")).toContainEqual(expect.objectContaining({ adminId: admin.id, userId: other.id }));
    // Not an admin any more: a second demotion is refused.
    expect((await agent.post(`/api/admin/users/${other.id}/demote`).send({})).status).toBe(409);
  });

  it("never removes the last admin; an admin may step down while another remains", async () => {
    const { agent, admin } = await t.signedInAdmin();
    expect(await adminCount()).toBe(1);
    const self = await agent.post(`/api/admin/users/${admin.id}/demote`).send({});
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: "last_admin", message: "You are the last admin. Make another member an admin before you step down." });

    const { captain } = await createTeam(t.db);
    expect((await agent.post(`/api/admin/users/${captain.id}/promote`).send({})).status).toBe(200);
    const stepDown = await agent.post(`/api/admin/users/${admin.id}/demote`).send({});
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.message).toBe("You are no longer an admin.");
    expect((await agent.get("/api/admin/stats")).status).toBe(403);

    // The one left cannot be demoted (by themself).
    const lastAgent = await t.signedIn(captain.username);
    const last = await lastAgent.post(`/api/admin/users/${captain.id}/demote`).send({});
    expect(last.status).toBe(409);
    expect(last.body.code).toBe("last_admin");
    expect(await adminCount()).toBe(1);
  });

  it("when two admins demote each other at once, one stays", async () => {
    for (let round = 0; round < 5; round++) {
      await t.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
      const a = await createAdmin(t.db);
      const b = await createAdmin(t.db);
      const [agentA, agentB] = await Promise.all([t.signedIn(a.username), t.signedIn(b.username)]);
      const results = await Promise.all([agentA.post(`/api/admin/users/${b.id}/demote`).send({}), agentB.post(`/api/admin/users/${a.id}/demote`).send({})]);
      // One demotion goes through. The other is refused either as the last admin's (409: both had
      // passed the admin check) or, when it is read after the first committed, as no longer an
      // admin's (403). Either way exactly one admin is left.
      const [done, refused] = results.map((r) => r.status).sort();
      expect(done, `round ${round}`).toBe(200);
      expect([403, 409], `round ${round}: ${refused}`).toContain(refused);
      expect(await adminCount()).toBe(1);
    }
  });

  it("refuses a member who is not an admin", async () => {
    const { agent } = await t.signedInAdmin();
    const { captain } = await createTeam(t.db);
    const res = await agent.post(`/api/admin/users/${captain.id}/demote`).send({});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${captain.name} is not an admin.`);
    const remaining = await t.db.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), ne(users.id, captain.id)));
    expect(remaining.length).toBeGreaterThan(0);
    await signIn(t.agent(), captain.username, PASSWORD);
  });
});
