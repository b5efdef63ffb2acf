import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { authTokens, teams, users } from "@shared/schema";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { tokenFromLink } from "../../../tests/helpers/smtp-sink";
import { createAdmin, createTeam, PASSWORD, signIn, ranksChanged } from "../../../tests/helpers/factories";
import { issueToken } from "../../auth/tokens";
import { COMMON_PASSWORD_MESSAGE } from "@shared/validators/auth";
import { MESSAGES } from "./accounts.service";
import { settleAfterResponseWork } from "../../lib/after-response";
import { mailTo, NEW_PASSWORD, registration, sessionCookie } from "./accounts.fixtures";

let t: TestApp;
useTestApp((app) => (t = app));

const countRows = async () => {
  const [u] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [tm] = await t.db.select({ n: sql<number>`count(*)::int` }).from(teams);
  return { users: Number(u!.n), teams: Number(tm!.n) };
};

/** A partner without a login yet, and the plain token of their invitation. */
async function freshInvitee() {
  const { team } = await createTeam(t.db, { approved: false });
  const [user] = await t.db
    .insert(users)
    .values({ name: "Invitee Person", email: `invitee_${team.id}@example.test`, teamId: team.id, isPartner: true, isEmailVerified: true })
    .returning();
  return { user: user!, token: await issueToken(t.db, { purpose: "partner_invite", userId: user!.id }) };
}

async function register(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await t.request.post("/api/register-team").send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // The account is made after the answer: wait for it.
  await settleAfterResponseWork();
  return { body, res };
}

/** A registration already made (its work done), and the row counts after it. */
async function afterARegistration() {
  const { body: first } = await register();
  await settleAfterResponseWork();
  return { first, before: await countRows() };
}

/** Once the work after the answers is done, no user or team was added since `before`. */
async function expectNoNewRows(before: Awaited<ReturnType<typeof countRows>>) {
  await settleAfterResponseWork();
  expect(await countRows()).toEqual(before);
}

describe("POST /api/register-team", () => {
  it("creates the team, the captain and the partner, unapproved and unverified", async () => {
    const body = registration();
    const res = await t.request.post("/api/register-team").send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ emailVerificationRequired: true, message: MESSAGES.registered });
    // The account is made after the answer (it must not take longer when an address is in use).
    await settleAfterResponseWork();
    const [team] = await t.db.select().from(teams).where(eq(teams.name, body.teamName));
    expect(team).toMatchObject({ name: body.teamName, competitionType: "Mixed Doubles", isApproved: false, rating: 1500 });
    const members = await t.db.select().from(users).where(eq(users.teamId, team!.id));
    const captain = members.find((m) => m.isCaptain)!;
    const partner = members.find((m) => m.isPartner)!;
    expect(members).toHaveLength(2);
    expect(captain).toMatchObject({ username: body.username, email: body.email, isApproved: false, isEmailVerified: false, isPartner: false });
    expect(captain.password).toMatch(/^\$argon2id\$/);
    expect(partner).toMatchObject({ username: null, password: null, name: body.partnerName, email: body.partnerEmail, isCaptain: false, isApproved: false });
  });

  it("lists the missing required fields under 'Missing Required Fields'", async () => {
    const res = await t.request.post("/api/register-team").send(registration({ username: "", email: undefined }));
    expect(res.status).toBe(400);
    expect(res.body.title).toBe("Missing Required Fields");
    expect(res.body.message).toBe("Please provide: username, email");
    const all = await t.request.post("/api/register-team").send({});
    expect(all.status).toBe(400);
    expect(all.body.message).toBe("Please provide: username, password, name, email, competitionType, teamName");
  });

  it("requires the partner for every (Doubles) category", async () => {
    for (const missing of [{ partnerName: "" }, { partnerEmail: undefined }, { partnerName: " ", partnerEmail: "" }]) {
      const res = await t.request.post("/api/register-team").send(registration(missing));
      expect(res.status).toBe(400);
      expect(res.body.title).toBe("Partner Information Required");
      expect(res.body.message).toMatch(/partner's name and email/);
    }
  });

  it("gives the three password messages verbatim", async () => {
    const cases: [string, string][] = [
      ["Ab1", "Password must be at least 6 characters"],
      ["abcdef1", "Password must contain at least one uppercase letter"],
      ["Abcdefg", "Password must contain at least one number"],
    ];
    for (const [password, message] of cases) {
      const res = await t.request.post("/api/register-team").send(registration({ password }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.title).toBe("Team Registration Failed");
      expect(res.body.fields.password).toBe(message);
    }
  });

  it("refuses common passwords, whatever their letter case, on every route that sets a password", async () => {
    // Each meets the club's rule (6+, an uppercase letter, a number) and is in the common list.
    const common = ["Password1", "Qwerty123", "Welcome1", "Football1", "Abc123456"];
    const { user, token: inviteToken } = await freshInvitee();
    const { captain } = await createTeam(t.db);
    const resetToken = await issueToken(t.db, { purpose: "password_reset", userId: captain.id });
    for (const password of common) {
      const calls = [
        await t.request.post("/api/register-team").send(registration({ password })),
        await t.request.post(`/api/accept-invite/${inviteToken}`).send({ username: `inv_${user.id}`, password }),
        await t.request.post(`/api/reset-password/${resetToken}`).send({ newPassword: password }),
      ];
      for (const res of calls) {
        expect(res.status, `${password}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.message).toBe(COMMON_PASSWORD_MESSAGE);
      }
    }
    // Nothing was used up: the invitation and the reset link still work with an uncommon password.
    expect((await t.request.post(`/api/accept-invite/${inviteToken}`).send({ username: `inv_${user.id}`, password: "Lob4Points" })).status).toBe(200);
    expect((await t.request.post(`/api/reset-password/${resetToken}`).send({ newPassword: "Lob4Points" })).status).toBe(200);
  });

  it("checks lengths, email format and category", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: "ab" }, "Username must be at least 3 characters"],
      [{ username: "a".repeat(51) }, "Username must be at most 50 characters"],
      [{ name: "A" }, "Name must be at least 2 characters"],
      [{ name: "A".repeat(101) }, "Name must be at most 100 characters"],
      [{ teamName: "AB" }, "Team name must be at least 3 characters"],
      [{ teamName: "A".repeat(101) }, "Team name must be at most 100 characters"],
      [{ email: "not-an-email" }, "Please enter a valid email address"],
      [{ partnerEmail: "nope@" }, "Please enter a valid partner email address"],
      [{ partnerName: "R" }, "Partner name must be at least 2 characters"],
      [{ competitionType: "Singles" }, "Please select a competition category"],
    ];
    for (const [override, message] of cases) {
      const res = await t.request.post("/api/register-team").send(registration(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("refuses privileged or unknown fields instead of writing them", async () => {
    const before = await countRows();
    const res = await t.request.post("/api/register-team").send(registration({ isAdmin: true }));
    expect(res.status).toBe(400);
    expect(await countRows()).toEqual(before);
  });

  it("answers 409 for a taken username (usernames are public) and for the same address twice, and leaves no rows behind", async () => {
    const { first, before } = await afterARegistration();
    const taken = await t.request.post("/api/register-team").send(registration({ username: first.username.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: MESSAGES.usernameTaken, title: "Team Registration Failed" });
    const same = registration();
    const res = await t.request.post("/api/register-team").send({ ...same, partnerEmail: same.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.partnerEmailSame);
    await expectNoNewRows(before);
  });

  it("reports every refusal reason at once (a taken username, a common password, the partner's address the same, a short team name), never a taken address", async () => {
    const { first, before } = await afterARegistration();
    const res = await t.request.post("/api/register-team").send({
      ...registration(),
      username: first.username,
      password: "Password1",
      partnerEmail: first.email.toUpperCase(),
      teamName: "AB",
      // An address that already has an account: never said, also not among several reasons.
      email: first.email,
    });
    expect(res.status).toBe(400);
    expect(res.body.title).toBe("Team Registration Failed");
    expect(Object.keys(res.body.fields).sort()).toEqual(["partnerEmail", "password", "teamName", "username"]);
    expect(res.body.fields.username).toBe(MESSAGES.usernameTaken);
    expect(res.body.fields.partnerEmail).toBe(MESSAGES.partnerEmailSame);
    expect(res.body.message).toMatch(/^4 problems: /);
    for (const text of Object.values(res.body.fields as Record<string, string>)) expect(res.body.message).toContain(text);
    expect(JSON.stringify(res.body)).not.toMatch(/already (has|in use|registered)|exists/i);
    // Only conflicts (the fields themselves are fine): 409, both reasons.
    const conflicts = registration({ username: first.username.toUpperCase() });
    const both = await t.request.post("/api/register-team").send({ ...conflicts, partnerEmail: conflicts.email });
    expect(both.status).toBe(409);
    expect(Object.keys(both.body.fields).sort()).toEqual(["partnerEmail", "username"]);
    await expectNoNewRows(before);
  });

  it("answers an address already in use like a new registration, creates nothing, and mails the address's owner instead", async () => {
    const { first, before } = await afterARegistration();
    const fresh = registration();
    const cases: Record<string, Record<string, unknown>> = {
      "captain address in use (other case)": { email: first.email.toUpperCase() },
      "partner address in use": { partnerEmail: first.partnerEmail },
      "partner address is a captain's": { partnerEmail: first.email },
    };
    const answers = [];
    for (const override of Object.values(cases)) answers.push(await t.request.post("/api/register-team").send(registration(override)));
    const created = await t.request.post("/api/register-team").send(fresh);
    for (const res of answers) {
      expect(res.status).toBe(created.status);
      expect(res.body).toEqual(created.body);
    }
    await settleAfterResponseWork();
    expect(await countRows()).toEqual({ users: before.users + 2, teams: before.teams + 1 });
    // The owners of the addresses in use were told, with no link that creates anything.
    const captainNotice = await mailTo(t.mail, first.email, "Someone tried to register with your email address");
    expect(captainNotice.text).toContain(`your username is ${first.username}`);
    await mailTo(t.mail, first.partnerEmail, "named you as their partner");
    await mailTo(t.mail, first.email, "named you as their partner");
  });

  it("when two registrations race for one username, exactly one team is made and the others are told", async () => {
    const before = await countRows();
    const username = `race_${Date.now()}`;
    const bodies = [0, 1, 2].map(() => registration({ username }));
    const results = await Promise.all(bodies.map((b) => t.request.post("/api/register-team").send(b)));
    for (const r of results) expect([201, 409]).toContain(r.status);
    await settleAfterResponseWork();
    const after = await countRows();
    expect(after.teams).toBe(before.teams + 1);
    expect(after.users).toBe(before.users + 2);
    // Every registration that was answered 201 but lost the race got a mail saying so.
    const [winner] = await t.db.select({ email: users.email }).from(users).where(eq(users.username, username));
    const losers = bodies.filter((b, i) => results[i]!.status === 201 && b.email !== winner!.email);
    for (const loser of losers) await mailTo(t.mail, loser.email, "was not completed");
  });
});

describe("email verification", () => {
  it("mails a link to a client page; POSTing its token verifies once and sends the welcome mail", async () => {
    const { body } = await register();
    const mail = await mailTo(t.mail, body.email, "Verify your email");
    expect(mail.links.some((l) => l.startsWith(`${t.env.APP_URL}/verify-email/`))).toBe(true);
    const token = tokenFromLink(mail, "/verify-email/");

    // The unverified captain may sign in; the client sends protected pages to /verify-email.
    const agent = t.agent();
    await signIn(agent, body.username, body.password);
    expect((await agent.get("/api/user")).body).toMatchObject({ isEmailVerified: false, isApproved: false, isCaptain: true });

    const ok = await t.request.post(`/api/verify-email/${token}`).send({});
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: MESSAGES.emailVerified, isApproved: false, alreadyVerified: false });
    expect((await agent.get("/api/user")).body.isEmailVerified).toBe(true);
    const welcome = await mailTo(t.mail, body.email, "Welcome");
    expect(welcome.text).toMatch(/administrator will review/);

    // Opened again: the address is verified, and says so (no second welcome mail).
    const again = await t.request.post(`/api/verify-email/${token}`).send({});
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: MESSAGES.alreadyVerified, isApproved: false, alreadyVerified: true });
  });

  it("refuses an expired token, a token of another purpose and garbage", async () => {
    const { body } = await register();
    const [captain] = await t.db.select().from(users).where(eq(users.username, body.username));
    const expired = await issueToken(t.db, { purpose: "email_verification", userId: captain!.id, ttlMs: -1000 });
    expect((await t.request.post(`/api/verify-email/${expired}`).send({})).status).toBe(400);
    const reset = await issueToken(t.db, { purpose: "password_reset", userId: captain!.id });
    expect((await t.request.post(`/api/verify-email/${reset}`).send({})).status).toBe(400);
    expect((await t.request.post(`/api/verify-email/not-a-token`).send({})).status).toBe(400);
    // The reset token was not used up by the wrong-purpose attempt.
    expect((await t.request.get(`/api/reset-password/${reset}`)).body).toEqual({ valid: true });
    const [after] = await t.db.select().from(users).where(eq(users.id, captain!.id));
    expect(after!.isEmailVerified).toBe(false);
  });

  it("resends a verification link to the signed-in user and voids the older one", async () => {
    const { body } = await register();
    const firstToken = tokenFromLink(await mailTo(t.mail, body.email, "Verify your email"), "/verify-email/");
    const agent = t.agent();
    await signIn(agent, body.username, body.password);
    const res = await agent.post("/api/resend-verification").send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.resendSent });
    await t.mail.waitFor((m) => m.to.includes(body.email) && m.subject.includes("Verify") && !m.text.includes(firstToken));
    const mails = t.mail.to(body.email).filter((m) => m.subject.includes("Verify"));
    const secondToken = tokenFromLink(mails[mails.length - 1]!, "/verify-email/");
    expect(secondToken).not.toBe(firstToken);
    expect((await t.request.post(`/api/verify-email/${firstToken}`).send({})).status).toBe(400);
    expect((await t.request.post(`/api/verify-email/${secondToken}`).send({})).status).toBe(200);
  });

  it("answers resend the same for a known and an unknown address", async () => {
    const { body } = await register();
    const known = await t.request.post("/api/resend-verification").send({ email: body.email });
    const unknown = await t.request.post("/api/resend-verification").send({ email: "nobody-here@example.test" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect((await t.request.post("/api/resend-verification").send({ email: "bad" })).status).toBe(400);
    const anonymousEmpty = await t.request.post("/api/resend-verification").send({});
    expect(anonymousEmpty.status).toBe(400);
    expect(anonymousEmpty.body.message).toBe("Please enter a valid email address");
  });
});

describe("partner invitation", () => {
  it("lets the partner choose a username and password and sign in with the partner role", async () => {
    const { body } = await register();
    const mail = await mailTo(t.mail, body.partnerEmail, "invited");
    const token = tokenFromLink(mail, "/accept-invite/");

    // GET only reads, however often a scanner opens it.
    for (let i = 0; i < 2; i++) {
      const view = await t.request.get(`/api/invite/${token}`);
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({ partnerName: body.partnerName, teamName: body.teamName, captainName: body.name, email: body.partnerEmail });
    }

    // A taken username is refused and the invitation stays usable.
    const taken = await t.request.post(`/api/accept-invite/${token}`).send({ username: body.username.toUpperCase(), password: "Partner12" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MESSAGES.usernameTaken);
    const weak = await t.request.post(`/api/accept-invite/${token}`).send({ username: `p_${body.username}`, password: "weakpass1" });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe("Password must contain at least one uppercase letter");

    const partnerUsername = `p_${body.username}`;
    const ok = await t.request.post(`/api/accept-invite/${token}`).send({ username: partnerUsername, password: "Partner12" });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: MESSAGES.inviteAccepted, username: partnerUsername });

    const agent = t.agent();
    await signIn(agent, partnerUsername, "Partner12");
    const me = (await agent.get("/api/user")).body;
    expect(me).toMatchObject({ username: partnerUsername, isPartner: true, isCaptain: false, isEmailVerified: true, teamName: body.teamName });

    expect((await t.request.post(`/api/accept-invite/${token}`).send({ username: "someone_else", password: "Partner12" })).status).toBe(400);
    expect((await t.request.get(`/api/invite/${token}`)).status).toBe(404);
  });

  it("refuses an invitation token used on another purpose", async () => {
    const { body } = await register();
    const verifyToken = tokenFromLink(await mailTo(t.mail, body.email, "Verify your email"), "/verify-email/");
    const res = await t.request.post(`/api/accept-invite/${verifyToken}`).send({ username: `x_${body.username}`, password: "Partner12" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.invalidInvite);
    expect((await t.request.get(`/api/invite/${verifyToken}`)).status).toBe(404);
  });
});

describe("an admin resends a partner's invitation (POST /api/admin/users/{id}/resend-invite)", () => {
  it("mails a new link that works while the old one stops; a member with a login has nothing to resend", async () => {
    const { user, token: old } = await freshInvitee();
    const admin = await createAdmin(t.db);
    const agent = t.agent();
    await signIn(agent, admin.username);
    // The invite page's dead end points to this.
    expect(MESSAGES.invalidInvite).toContain("Resend invitation");

    const res = await agent.post(`/api/admin/users/${user.id}/resend-invite`).send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `A new invitation was sent to ${user.email}.`, userId: user.id, name: user.name });
    const mail = await t.mail.waitFor((m) => m.to.includes(user.email) && m.links.some((l) => l.includes("/accept-invite/")) && !m.text.includes(old));
    const fresh = tokenFromLink(mail, "/accept-invite/");
    expect((await t.request.get(`/api/invite/${old}`)).status).toBe(404);
    expect((await t.request.get(`/api/invite/${fresh}`)).status).toBe(200);

    const { captain } = await createTeam(t.db);
    const refused = await agent.post(`/api/admin/users/${captain.id}/resend-invite`).send({});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.inviteNotNeeded);
    expect((await agent.post(`/api/admin/users/999999/resend-invite`).send({})).status).toBe(404);
    const member = t.agent();
    await signIn(member, captain.username!);
    expect((await member.post(`/api/admin/users/${user.id}/resend-invite`).send({})).status).toBe(403);
  });
});

describe("a captain whose partner left invites a new one (POST /api/teams/{id}/partner)", () => {
  it("creates a partner without a login (approved like the team) and mails the invitation; one partner at a time", async () => {
    const { team, captain, partner } = await createTeam(t.db);
    const agent = t.agent();
    await signIn(agent, captain.username!);
    const body = { partnerName: "Nora New", partnerEmail: `nora_${team.id}@example.test` };
    const busy = await agent.post(`/api/teams/${team.id}/partner`).send(body);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("has_partner");

    await t.db.delete(users).where(eq(users.id, partner.id)); // the partner's account was removed
    const res = await agent.post(`/api/teams/${team.id}/partner`).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `An invitation is on its way to ${body.partnerEmail}.` });
    const [row] = await t.db.select().from(users).where(eq(users.email, body.partnerEmail));
    expect(row).toMatchObject({ teamId: team.id, isPartner: true, isCaptain: false, username: null, isApproved: true });
    const mail = await t.mail.waitFor((m) => m.to.includes(body.partnerEmail) && m.links.some((l) => l.includes("/accept-invite/")));
    const invite = await t.request.get(`/api/invite/${tokenFromLink(mail, "/accept-invite/")}`);
    expect(invite.body).toMatchObject({ partnerName: "Nora New", teamName: team.name });

    // Bad input, another team, a partner's own login: refused.
    expect((await agent.post(`/api/teams/${team.id}/partner`).send({ partnerName: "N", partnerEmail: "nope" })).status).toBe(400);
    const other = await createTeam(t.db);
    expect((await agent.post(`/api/teams/${other.team.id}/partner`).send(body)).status).toBe(403);
  });

  it("an address already in use gets the same answer; only the captain is told by mail", async () => {
    const { team, captain, partner } = await createTeam(t.db);
    await t.db.delete(users).where(eq(users.id, partner.id));
    const { captain: someone } = await createTeam(t.db);
    const agent = t.agent();
    await signIn(agent, captain.username!);
    const res = await agent.post(`/api/teams/${team.id}/partner`).send({ partnerName: "Taken Person", partnerEmail: someone.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `An invitation is on its way to ${someone.email.toUpperCase()}.` });
    await t.mail.waitFor((m) => m.to.includes(captain.email) && m.subject === "Your partner invitation was not sent");
    expect(await t.db.select().from(users).where(eq(users.teamId, team.id))).toHaveLength(1);
  });
});

describe("username recovery", () => {
  it("mails the username, and answers the same for an unknown address", async () => {
    const { captain } = await createTeam(t.db);
    const known = await t.request.post("/api/recover-username").send({ email: captain.email.toUpperCase() });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: "If an account exists for that email, we have sent the username." });
    const mail = await mailTo(t.mail, captain.email, "username");
    expect(mail.text).toContain(`Your username is: ${captain.username}`);
    const unknown = await t.request.post("/api/recover-username").send({ email: "ghost@example.test" });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it("asks for a valid email", async () => {
    const res = await t.request.post("/api/recover-username").send({ email: "nope" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please enter a valid email address");
  });
});

describe("password reset", () => {
  it("mails a link; GET only checks it; POST sets the password, ends every session and works once", async () => {
    const { captain } = await createTeam(t.db);
    const phone = t.agent();
    const laptop = t.agent();
    await signIn(phone, captain.username, PASSWORD);
    await signIn(laptop, captain.username, PASSWORD);

    const req = await t.request.post("/api/reset-password").send({ username: captain.username, email: captain.email });
    expect(req.status).toBe(200);
    expect(req.body).toEqual({ message: MESSAGES.resetSent });
    const mail = await mailTo(t.mail, captain.email, "Reset your");
    const token = tokenFromLink(mail, "/reset-password/");

    expect((await t.request.get(`/api/reset-password/${token}`)).body).toEqual({ valid: true });
    expect((await t.request.get(`/api/reset-password/${token}`)).body).toEqual({ valid: true });

    const weak = await t.request.post(`/api/reset-password/${token}`).send({ newPassword: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe("Password must be at least 6 characters");

    const done = await t.request.post(`/api/reset-password/${token}`).send({ newPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(MESSAGES.passwordReset);

    // Every session of that user is gone.
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/api/user")).status).toBe(401);

    const old = await t.request.post("/api/login").send({ username: captain.username, password: PASSWORD });
    expect(old.status).toBe(401);
    await signIn(t.agent(), captain.username, NEW_PASSWORD);

    const reuse = await t.request.post(`/api/reset-password/${token}`).send({ newPassword: "Another789" });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(MESSAGES.invalidReset);
    expect((await t.request.get(`/api/reset-password/${token}`)).body).toEqual({ valid: false });
    await mailTo(t.mail, captain.email, "password was changed");
  });

  it("a new request voids the older link", async () => {
    const { captain } = await createTeam(t.db);
    await t.request.post("/api/reset-password").send({ username: captain.username, email: captain.email });
    const first = tokenFromLink(await mailTo(t.mail, captain.email, "Reset your"), "/reset-password/");
    await t.request.post("/api/reset-password").send({ username: captain.username!.toUpperCase(), email: captain.email });
    await t.mail.waitFor((m) => m.to.includes(captain.email) && m.subject.includes("Reset your") && !m.text.includes(first));
    expect((await t.request.get(`/api/reset-password/${first}`)).body).toEqual({ valid: false });
    expect((await t.request.post(`/api/reset-password/${first}`).send({ newPassword: NEW_PASSWORD })).status).toBe(400);
  });

  it("refuses an expired token and a token of another purpose", async () => {
    const { captain } = await createTeam(t.db);
    const expired = await issueToken(t.db, { purpose: "password_reset", userId: captain.id, ttlMs: -1 });
    expect((await t.request.post(`/api/reset-password/${expired}`).send({ newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await t.request.get(`/api/reset-password/${expired}`)).body).toEqual({ valid: false });
    const verification = await issueToken(t.db, { purpose: "email_verification", userId: captain.id });
    expect((await t.request.post(`/api/reset-password/${verification}`).send({ newPassword: NEW_PASSWORD })).status).toBe(400);
    await signIn(t.agent(), captain.username, PASSWORD);
  });

  it("keeps reset tokens valid for 60 minutes at most", async () => {
    const { captain } = await createTeam(t.db);
    await t.request.post("/api/reset-password").send({ username: captain.username, email: captain.email });
    // The token is written after the answer (the answer must not depend on the account).
    await settleAfterResponseWork();
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.userId, captain.id));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers the same for an unknown account or a mismatched email, and mails nobody", async () => {
    const { captain } = await createTeam(t.db);
    const known = await t.request.post("/api/reset-password").send({ username: captain.username, email: captain.email });
    const unknown = await t.request.post("/api/reset-password").send({ username: "no_such_user", email: "ghost@example.test" });
    const mismatch = await t.request.post("/api/reset-password").send({ username: captain.username, email: "other@example.test" });
    for (const r of [unknown, mismatch]) {
      expect(r.status).toBe(known.status);
      expect(r.body).toEqual(known.body);
    }
    // Once the work after the answers is done and the mail queued by then is sent: the account's own
    // address has the one reset link it asked for, the mismatched address nothing.
    await t.deliverMail();
    expect(t.mail.to(captain.email)).toHaveLength(1);
    expect(t.mail.to("other@example.test")).toHaveLength(0);
    expect(t.mail.to("ghost@example.test")).toHaveLength(0);
    const bad = await t.request.post("/api/reset-password").send({ username: "ab", email: captain.email });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Username must be at least 3 characters");
  });
});

describe("sign-in", () => {
  it("answers an unknown user and a wrong password identically", async () => {
    const { captain } = await createTeam(t.db);
    const wrong = await t.request.post("/api/login").send({ username: captain.username, password: "Wrong1234" });
    const unknown = await t.request.post("/api/login").send({ username: "nobody_at_all", password: "Wrong1234" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe("Invalid username or password");
  });

  it("gives a new session id at sign-in and kills the old cookie at logout", async () => {
    const { captain } = await createTeam(t.db);
    const agent = t.agent();
    const first = sessionCookie(await agent.post("/api/login").send({ username: captain.username, password: PASSWORD }));
    const second = sessionCookie(await agent.post("/api/login").send({ username: captain.username, password: PASSWORD }));
    expect(second).not.toBe(first);
    expect((await t.request.get("/api/user").set("Cookie", first)).status).toBe(401);
    expect((await agent.post("/api/logout").send({})).status).toBe(200);
    expect((await t.request.get("/api/user").set("Cookie", second)).status).toBe(401);
  });

  it("lets a pending (unapproved) user sign in and browse", async () => {
    const { captain } = await createTeam(t.db, { approved: false });
    const agent = t.agent();
    await signIn(agent, captain.username, PASSWORD);
    expect((await agent.get("/api/user")).body).toMatchObject({ isApproved: false, isEmailVerified: true });
  });

  it("refuses suspended users and members of deleted teams with the reason and the admin address", async () => {
    const { captain, partner, team } = await createTeam(t.db);
    await t.db.update(users).set({ isSuspended: true, suspensionReason: "Repeated no-shows." }).where(eq(users.id, captain.id));
    const suspended = await t.request.post("/api/login").send({ username: captain.username, password: PASSWORD });
    expect(suspended.status).toBe(403);
    expect(suspended.body.message).toContain("Repeated no-shows.");
    expect(suspended.body.message).toContain(t.env.ADMIN_EMAIL);
    await t.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, team.id));
    await ranksChanged(t.db);
    const deleted = await t.request.post("/api/login").send({ username: partner.username, password: PASSWORD });
    expect(deleted.status).toBe(403);
    expect(deleted.body.message).toContain(t.env.ADMIN_EMAIL);
  });

  it("validates the login form with the product's messages", async () => {
    const short = await t.request.post("/api/login").send({ username: "ab", password: "Courtside7" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Username must be at least 3 characters");
    const pw = await t.request.post("/api/login").send({ username: "abc", password: "12345" });
    expect(pw.body.message).toBe("Password must be at least 6 characters");
  });
});
