// The admin second factor: enrolment with a code, 10 recovery codes shown once and stored hashed,
// sign-in in two steps (password, then a TOTP or recovery code), codes that work once, wrong codes
// limited, and admin routes closed to an admin without it when ADMIN_MFA_REQUIRED=true.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { eq, sql } from "drizzle-orm";
import { mfaRecoveryCodes, userMfa, type User } from "@shared/schema";
import { createTestApp, type TestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, PASSWORD, signIn } from "../../../tests/helpers/factories";
import { totpCode } from "../../auth/second-factor";

let t: TestApp;
let required: TestApp;
let lim: TestApp;
beforeAll(async () => {
  [t, required, lim] = await Promise.all([
    createTestApp(),
    createTestApp({ ADMIN_MFA_REQUIRED: "true" }),
    createTestApp({ AUTH_RATE_LIMIT_MAX: "3", TRUST_PROXY: "1" }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), required?.close(), lim?.close()]);
});

const STEP = 30_000;
/** A code of the secret `steps` time steps from now (within the accepted drift of one step). */
const code = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * STEP);

/** Signs in, enrols and confirms; returns the secret, the recovery codes and the signed-in agent. */
async function enrolled(app: TestApp, admin?: User) {
  const who = admin ?? (await createAdmin(app.db));
  const agent = supertest.agent(app.app);
  await signIn(agent, who.username, PASSWORD);
  const start = await agent.post("/api/second-factor/enrol").send({});
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const secret = start.body.secret as string;
  const done = await agent.post("/api/second-factor/confirm").send({ code: code(secret, -1) });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { admin: who, agent, secret, recoveryCodes: done.body.recoveryCodes as string[] };
}

/** The password step for a user with a second factor: answered with the code step, not signed in. */
async function passwordStep(app: TestApp, username: string | null, ip?: string) {
  const agent = supertest.agent(app.app);
  const req = agent.post("/api/login");
  const res = await (ip ? req.set("X-Forwarded-For", ip) : req).send({ username, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ secondFactorRequired: true, message: "Enter the 6-digit code from your authenticator app." });
  return agent;
}

describe("enrolment", () => {
  it("gives a secret and an otpauth URI, turns on with a code, and shows 10 recovery codes once, stored only hashed", async () => {
    const admin = await createAdmin(t.db);
    const agent = supertest.agent(t.app);
    await signIn(agent, admin.username, PASSWORD);
    expect((await agent.get("/api/second-factor")).body).toEqual({ enrolled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
    const start = await agent.post("/api/second-factor/enrol").send({});
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.otpauthUri).toBe(
      `otpauth://totp/Doubles%20Ladder:${admin.username}?issuer=Doubles%20Ladder&secret=${start.body.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // A wrong code does not turn it on.
    const wrong = await agent.post("/api/second-factor/confirm").send({ code: code(start.body.secret, 5) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("second_factor_invalid");
    const done = await agent.post("/api/second-factor/confirm").send({ code: code(start.body.secret) });
    expect(done.status).toBe(200);
    const codes = done.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const status = (await agent.get("/api/second-factor")).body;
    expect(status).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    // Stored: SHA-256 of each code, never the code.
    const stored = await t.db.select({ hash: mfaRecoveryCodes.codeHash }).from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const c of codes) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replace("-", ""));
    }
    // The session that enrolled stays signed in and passed; the user reads so.
    expect((await agent.get("/api/user")).body.secondFactor).toBe("passed");
    expect((await agent.get("/api/admin/stats")).status).toBe(200);
  });

  it("ends the admin's other sessions (they never passed the second factor)", async () => {
    const admin = await createAdmin(t.db);
    const other = supertest.agent(t.app);
    await signIn(other, admin.username, PASSWORD);
    await enrolled(t, admin);
    expect((await other.get("/api/user")).status).toBe(401);
  });

  it("is for admins only", async () => {
    const { captain } = await createTeam(t.db);
    const agent = await t.signedIn(captain.username);
    expect((await agent.post("/api/second-factor/enrol").send({})).status).toBe(403);
    expect((await supertest(t.app).post("/api/second-factor/enrol").send({})).status).toBe(401);
  });
});

describe("signing in with a second factor", () => {
  it("asks for the code after the password; until then nothing is signed in; a TOTP code works once", async () => {
    const { admin, secret } = await enrolled(t);
    const agent = await passwordStep(t, admin.username);
    expect((await agent.get("/api/user")).status).toBe(401);
    expect((await agent.get("/api/admin/stats")).status).toBe(401);
    const c = code(secret);
    const ok = await agent.post("/api/login/second-factor").send({ code: c });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ id: admin.id, isAdmin: true, secondFactor: "passed" });
    expect((await agent.get("/api/admin/stats")).status).toBe(200);
    // The same code again, in a new sign-in: refused (replay).
    const again = await passwordStep(t, admin.username);
    const replay = await again.post("/api/login/second-factor").send({ code: c });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("second_factor_invalid");
  });

  it("takes a recovery code once (with or without its dash, any case)", async () => {
    const { admin, recoveryCodes } = await enrolled(t);
    const first = recoveryCodes[0]!;
    const a = await passwordStep(t, admin.username);
    expect((await a.post("/api/login/second-factor").send({ code: first.toUpperCase().replace("-", " ") })).status).toBe(200);
    expect((await a.get("/api/second-factor")).body.recoveryCodesLeft).toBe(9);
    const b = await passwordStep(t, admin.username);
    const reused = await b.post("/api/login/second-factor").send({ code: first });
    expect(reused.status).toBe(401);
    expect((await b.post("/api/login/second-factor").send({ code: recoveryCodes[1] })).status).toBe(200);
  });

  it("ends the code step after 5 wrong codes: the password is asked again", async () => {
    const { admin, secret } = await enrolled(t);
    const agent = await passwordStep(t, admin.username);
    for (let i = 0; i < 4; i++) {
      const res = await agent.post("/api/login/second-factor").send({ code: "000000" });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("second_factor_invalid");
    }
    const fifth = await agent.post("/api/login/second-factor").send({ code: "000000" });
    expect(fifth.body).toMatchObject({ code: "second_factor_expired", message: "Too many wrong codes. Please enter your username and password again." });
    const right = await agent.post("/api/login/second-factor").send({ code: code(secret) });
    expect(right.status).toBe(401);
    expect(right.body.code).toBe("second_factor_expired");
  });

  it("refuses the code step without the password step, and after it timed out", async () => {
    const { admin, secret } = await enrolled(t);
    const none = await supertest(t.app).post("/api/login/second-factor").send({ code: code(secret) });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("second_factor_expired");
    const agent = await passwordStep(t, admin.username);
    // Age the pending step in its stored session.
    await t.db.execute(sql`update "session" set sess = jsonb_set(sess::jsonb, '{pendingSecondFactor,expiresAt}', '0')::json where (sess::jsonb -> 'pendingSecondFactor' ->> 'userId') = ${String(admin.id)}`);
    const late = await agent.post("/api/login/second-factor").send({ code: code(secret) });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe("second_factor_expired");
  });

  it("rate-limits codes per account and address: the attacker's address gets 429, the owner elsewhere does not", async () => {
    const { admin, secret } = await enrolled(lim);
    // Start counting after the set-up (which went through the same limiter).
    await lim.db.execute(sql`delete from rate_limits where key like 'second-factor:%'`);
    const attacker = "203.0.113.77";
    const agent = await passwordStep(lim, admin.username, attacker);
    for (let i = 0; i < 3; i++) {
      expect((await agent.post("/api/login/second-factor").set("X-Forwarded-For", attacker).send({ code: "000000" })).status).toBe(401);
    }
    const limited = await agent.post("/api/login/second-factor").set("X-Forwarded-For", attacker).send({ code: code(secret) });
    expect(limited.status).toBe(429);
    const owner = await passwordStep(lim, admin.username, "198.51.100.200");
    expect((await owner.post("/api/login/second-factor").set("X-Forwarded-For", "198.51.100.200").send({ code: code(secret) })).status).toBe(200);
  });

  it("still refuses a suspended or deleted account at the code step", async () => {
    const { admin, secret } = await enrolled(t);
    const agent = await passwordStep(t, admin.username);
    await t.db.execute(sql`update users set is_suspended = true, suspension_reason = 'Test.' where id = ${admin.id}`);
    const res = await agent.post("/api/login/second-factor").send({ code: code(secret) });
    expect(res.status).toBe(403);
    expect(res.body.title).toBe("Account Suspended");
  });
});

describe("turning it off and setting it up again", () => {
  it("needs a current code; afterwards the password alone signs in", async () => {
    const { admin, agent, secret } = await enrolled(t);
    expect((await agent.post("/api/second-factor/disable").send({ code: "000000" })).status).toBe(401);
    const off = await agent.post("/api/second-factor/disable").send({ code: code(secret) });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await t.db.select().from(userMfa).where(eq(userMfa.userId, admin.id))).toEqual([]);
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, admin.id))).toEqual([]);
    const res = await supertest(t.app).post("/api/login").send({ username: admin.username, password: PASSWORD });
    expect(res.body).toMatchObject({ id: admin.id, secondFactor: "not_enrolled" });
  });

  it("re-enrolment needs a current code and replaces the secret and the recovery codes", async () => {
    const { agent, secret, recoveryCodes } = await enrolled(t);
    const noCode = await agent.post("/api/second-factor/enrol").send({});
    expect(noCode.status).toBe(403);
    expect(noCode.body.code).toBe("second_factor_code_needed");
    const start = await agent.post("/api/second-factor/enrol").send({ code: recoveryCodes[0] });
    expect(start.status).toBe(200);
    expect(start.body.secret).not.toBe(secret);
    const done = await agent.post("/api/second-factor/confirm").send({ code: code(start.body.secret) });
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.recoveryCodes).not.toContain(recoveryCodes[1]);
  });
});

describe("ADMIN_MFA_REQUIRED=true", () => {
  it("an admin without a second factor is signed in, but every admin route answers 403 until they set it up", async () => {
    const admin = await createAdmin(required.db);
    const agent = supertest.agent(required.app);
    await signIn(agent, admin.username, PASSWORD);
    expect((await agent.get("/api/user")).body).toMatchObject({ isAdmin: true, secondFactor: "enrolment_required" });
    for (const url of ["/api/admin/stats", "/api/admin/pending-users", "/api/disputes/pending", "/api/admin/export-users"]) {
      const res = await agent.get(url);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe("second_factor_enrolment_required");
    }
    // Admin powers elsewhere are closed too: deleted teams stay hidden from the team list.
    const { team } = await createTeam(required.db, { team: { deletedAt: new Date(), deletionReason: "Gone." } });
    const list = await agent.get("/api/teams?includeDeleted=true&limit=500");
    expect((list.body.items as { id: number }[]).some((x) => x.id === team.id)).toBe(false);
    // Setting it up opens them, in this session.
    await enrolled(required, admin).then(({ agent: enrolledAgent }) => enrolledAgent);
    const again = await passwordStep(required, admin.username);
    const [row] = await required.db.select({ secret: userMfa.secret }).from(userMfa).where(eq(userMfa.userId, admin.id));
    expect((await again.post("/api/login/second-factor").send({ code: code(row!.secret!, 1) })).status).toBe(200);
    expect((await again.get("/api/admin/stats")).status).toBe(200);
  });

  it("cannot be turned off while required (set it up again instead)", async () => {
    const { agent, secret } = await enrolled(required);
    const off = await agent.post("/api/second-factor/disable").send({ code: code(secret) });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("second_factor_required");
  });
});
