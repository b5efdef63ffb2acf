import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { teams, users } from "@shared/schema";
import { useTestApp, type TestApp } from "../../../tests/helpers/app";
import { tokenFromLink } from "../../../tests/helpers/smtp-sink";
import { createAdmin, createTeam, PASSWORD, signIn } from "../../../tests/helpers/factories";
import { MESSAGES } from "./accounts.service";
import { mailTo, registration } from "./accounts.fixtures";
import { settleAfterResponseWork } from "../../lib/after-response";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
useTestApp((app) => (t = app));
beforeAll(async () => {
  admin = await createAdmin(t.db);
});

const adminAgent = () => t.signedIn(admin.username);

async function registerTeam() {
  const body = registration();
  const res = await t.request.post("/api/register-team").send(body);
  expect(res.status).toBe(201);
  await settleAfterResponseWork();
  const [{ teamId }] = (await t.db.select({ teamId: users.teamId }).from(users).where(eq(users.username, body.username))) as [{ teamId: number }];
  const members = await t.db.select().from(users).where(eq(users.teamId, teamId));
  return { body, teamId, captain: members.find((m) => m.isCaptain)!, partner: members.find((m) => m.isPartner)! };
}

describe("the approval gate", () => {
  it("is for admins only", async () => {
    const { captain } = await createTeam(t.db);
    const member = t.agent();
    await signIn(member, captain.username, PASSWORD);
    for (const [method, url] of [
      ["get", "/api/admin/pending-users"],
      ["post", `/api/admin/approve-user/${captain.id}`],
      ["post", `/api/admin/reject-user/${captain.id}`],
    ] as const) {
      const anon = method === "get" ? await t.request.get(url) : await t.request.post(url).send({ reason: "x" });
      expect(anon.status).toBe(401);
      const res = method === "get" ? await member.get(url) : await member.post(url).send({ reason: "x" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Access Denied: You need admin privileges to access this page.");
    }
  });

  it("lists pending registrations, paged, with their team", async () => {
    const { body, captain, partner } = await registerTeam();
    const agent = await adminAgent();
    const res = await agent.get("/api/admin/pending-users?limit=100");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 100 });
    const ids = res.body.items.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([captain.id, partner.id]));
    const row = res.body.items.find((u: { id: number }) => u.id === captain.id);
    expect(row).toMatchObject({ name: body.name, email: body.email, teamName: body.teamName, isCaptain: true, isEmailVerified: false });
    expect(typeof row.joinedAt).toBe("string");
    expect(res.body.items.every((u: { id: number }) => u.id !== admin.id)).toBe(true);
    const small = await agent.get("/api/admin/pending-users?limit=1");
    expect(small.body.items).toHaveLength(1);
    expect(small.body.totalPages).toBe(small.body.total);
    expect((await agent.get("/api/admin/pending-users?limit=1000")).status).toBe(400);
  });

  it("approving a captain approves the team and its partner and mails them", async () => {
    const { body, teamId, captain, partner } = await registerTeam();
    const agent = await adminAgent();
    const res = await agent.post(`/api/admin/approve-user/${captain.id}`).send({});
    expect(res.status).toBe(200);
    expect(res.body.userIds.sort()).toEqual([captain.id, partner.id].sort());
    expect(res.body.teamId).toBe(teamId);
    const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team!.isApproved).toBe(true);
    const members = await t.db.select().from(users).where(eq(users.teamId, teamId));
    expect(members.every((m) => m.isApproved)).toBe(true);
    await mailTo(t.mail, body.email, "approved");
    await mailTo(t.mail, body.partnerEmail, "approved");
    const pending = await agent.get("/api/admin/pending-users?limit=100");
    expect(pending.body.items.some((u: { id: number }) => u.id === captain.id || u.id === partner.id)).toBe(false);
    // Approving twice changes nothing and mails nobody again.
    const again = await agent.post(`/api/admin/approve-user/${captain.id}`).send({});
    expect(again.status).toBe(200);
    expect(again.body.userIds).toEqual([]);
  });

  it("tells only the captain they can challenge; a partner with a login is told the captain sends and answers challenges", async () => {
    const { captain, partner } = await createTeam(t.db, { approved: false });
    const agent = await adminAgent();
    expect((await agent.post(`/api/admin/approve-user/${captain.id}`).send({})).status).toBe(200);
    const toCaptain = await mailTo(t.mail, captain.email, "approved");
    expect(toCaptain.text).toContain("You can now challenge teams and be challenged.");
    const toPartner = await mailTo(t.mail, partner.email, "approved");
    expect(toPartner.text).not.toContain("You can now challenge");
    expect(toPartner.text).toContain("your captain sends and answers challenges, and you can confirm or dispute results.");
  });

  it("answers 404 for an unknown user and 400 for a bad id", async () => {
    const agent = await adminAgent();
    const res = await agent.post("/api/admin/approve-user/99999999").send({});
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.userNotFound);
    expect((await agent.post("/api/admin/approve-user/abc").send({})).status).toBe(400);
  });

  it("rejecting refuses sign-in with the reason, ends sessions, kills the invitation and mails them", async () => {
    const { body, captain, partner } = await registerTeam();
    const inviteToken = tokenFromLink(await mailTo(t.mail, body.partnerEmail, "invited"), "/accept-invite/");
    const captainAgent = t.agent();
    await signIn(captainAgent, body.username, body.password);

    const agent = await adminAgent();
    const blank = await agent.post(`/api/admin/reject-user/${captain.id}`).send({ reason: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Please provide a reason for the rejection.");

    const res = await agent.post(`/api/admin/reject-user/${captain.id}`).send({ reason: "Not a club member" });
    expect(res.status).toBe(200);
    expect(res.body.userIds.sort()).toEqual([captain.id, partner.id].sort());
    expect((await captainAgent.get("/api/user")).status).toBe(401);

    const login = await t.request.post("/api/login").send({ username: body.username, password: body.password });
    expect(login.status).toBe(403);
    expect(login.body.title).toBe("Registration Rejected");
    expect(login.body.message).toBe(
      `Your registration was not approved. Reason: Not a club member. Please contact the administrator at ${t.env.ADMIN_EMAIL}.`,
    );
    const mail = await mailTo(t.mail, body.email, "not approved");
    expect(mail.text).toContain("Not a club member");
    expect((await t.request.get(`/api/invite/${inviteToken}`)).status).toBe(404);

    const pending = await agent.get("/api/admin/pending-users?limit=100");
    expect(pending.body.items.some((u: { id: number }) => u.id === captain.id)).toBe(false);

    // Approving later undoes the rejection.
    expect((await agent.post(`/api/admin/approve-user/${captain.id}`).send({})).status).toBe(200);
    await signIn(t.agent(), body.username, body.password);
  });

  it("does not reject an approved member or an admin", async () => {
    const { captain } = await createTeam(t.db);
    const agent = await adminAgent();
    const approved = await agent.post(`/api/admin/reject-user/${captain.id}`).send({ reason: "Because" });
    expect(approved.status).toBe(409);
    expect(approved.body.message).toBe(MESSAGES.alreadyApproved);
    const self = await agent.post(`/api/admin/reject-user/${admin.id}`).send({ reason: "Because" });
    expect(self.status).toBe(400);
  });
});

describe("the whole journey through the API", () => {
  it("register → verify by the emailed link → admin approves → sign in approved; partner joins", async () => {
    const { body, captain } = await registerTeam();
    const token = tokenFromLink(await mailTo(t.mail, body.email, "Verify your email"), "/verify-email/");
    expect((await t.request.post(`/api/verify-email/${token}`).send({})).status).toBe(200);
    expect((await (await adminAgent()).post(`/api/admin/approve-user/${captain.id}`).send({})).status).toBe(200);
    const agent = t.agent();
    await signIn(agent, body.username, body.password);
    expect((await agent.get("/api/user")).body).toMatchObject({ isEmailVerified: true, isApproved: true, isCaptain: true });

    const invite = tokenFromLink(await mailTo(t.mail, body.partnerEmail, "invited"), "/accept-invite/");
    const partnerUsername = `mate_${body.username}`;
    expect((await t.request.post(`/api/accept-invite/${invite}`).send({ username: partnerUsername, password: "Partner12" })).status).toBe(200);
    const partner = t.agent();
    await signIn(partner, partnerUsername, "Partner12");
    expect((await partner.get("/api/user")).body).toMatchObject({ isPartner: true, isApproved: true, isEmailVerified: true });
  });
});
