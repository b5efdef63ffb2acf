// Suite 6 of issue 7: enumeration and brute force.
// - login, username recovery, reset request and resend-verification answer an existing account and
//   an unknown one with the same status, body and cookies (one comparison per account variant);
// - the rate limit answers 429 per IP (the account varies) and per account from that IP, the same
//   for an existing and an unknown account; a stranger using up an account's attempts does not
//   lock its owner out (another address still gets through).
// - what the server does before it answers (database calls and mail, in order) is the same for an
//   existing and an unknown account on registration (captain and partner address), recovery, reset
//   and resend; the account-dependent work happens after the answer. Invitation acceptance with a
//   made-up token does the same work whether or not the chosen username exists. Compared as work
//   done, never as wall time.
// The single-pair checks live beside the code (server/modules/accounts/accounts.test.ts: "answers
// ... the same"; rate-limit.test.ts: login per IP and per account, every endpoint per IP); this
// suite runs every endpoint against every kind of account, and prints the figure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IncomingMessage, ServerResponse } from "node:http";
import supertest from "supertest";
import { eq } from "drizzle-orm";
import { users } from "@shared/schema";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTeam, PASSWORD } from "../helpers/factories";
import { freshInvitee, uniq } from "./helpers";
import { registration } from "../../server/modules/accounts/accounts.fixtures";
import { settleAfterResponseWork } from "../../server/lib/after-response";
import type { Db } from "../../server/db/client";
import { mailQueued } from "../../server/mail/outbox";

let t: TestApp;
/** The app whose services' database calls and mail are traced (work before and after the answer). */
let w: TestApp;
/** AUTH_RATE_LIMIT_MAX=3, one proxy hop trusted so each request can speak from its own IP. */
let lim: TestApp;
const figures = { endpoints: new Set<string>(), variants: 0, limited: new Set<string>(), traced: new Set<string>(), tracedVariants: 0 };

beforeAll(async () => {
  [t, w, lim] = await Promise.all([createTestApp(), createTestApp(), createTestApp({ AUTH_RATE_LIMIT_MAX: "3", TRUST_PROXY: "1" })]);
  trace = traceWork(w);
});
afterAll(async () => {
  console.log(
    `enumeration: ${figures.endpoints.size} endpoints × ${figures.variants} account variants, identical answers; ` +
      `429 per IP and per account + IP (owner elsewhere not locked out) on ${figures.limited.size} endpoints; ` +
      `work before the answer identical on ${figures.traced.size} endpoints × ${figures.tracedVariants} variants`,
  );
  await Promise.all([t?.close(), w?.close(), lim?.close()]);
});

interface Answer {
  status: number;
  body: unknown;
  setsCookie: boolean;
}
const answer = (res: supertest.Response): Answer => ({ status: res.status, body: res.body, setsCookie: res.headers["set-cookie"] !== undefined });

/** Every variant's answer equals the first one's. */
async function expectIdentical(endpoint: string, variants: Record<string, () => Promise<supertest.Response>>) {
  const answers = await Promise.all(Object.entries(variants).map(async ([name, call]) => [name, answer(await call())] as const));
  const [firstName, first] = answers[0]!;
  expect(first.status).toBeLessThan(500);
  for (const [name, a] of answers.slice(1)) expect(a, `${endpoint}: "${name}" answers unlike "${firstName}"`).toEqual(first);
  figures.endpoints.add(endpoint);
  figures.variants += answers.length;
}

describe("the same answer for existing and unknown accounts", () => {
  it("login: wrong password, unknown user, other letter case, an account with no login yet, a suspended account's wrong password", async () => {
    const { captain, partner } = await createTeam(t.db);
    await t.db.update(users).set({ isSuspended: true, suspensionReason: "No-shows." }).where(eq(users.id, partner.id));
    const { user: invitee } = await freshInvitee(t);
    const login = (username: string) => () => supertest(t.app).post("/api/login").send({ username, password: "Wrong1234" });
    await expectIdentical("POST /api/login", {
      "existing, wrong password": login(captain.username!),
      unknown: login(`ghost_${uniq()}`),
      "existing, upper case, wrong password": login(captain.username!.toUpperCase()),
      "suspended, wrong password": login(partner.username!),
      "a partner's name (no login yet)": login(invitee.name.replace(/\s+/g, "_").toLowerCase()),
    });
    // The wrong-password answer never says which half was wrong.
    const res = await supertest(t.app).post("/api/login").send({ username: captain.username, password: "Wrong1234" });
    expect(res.body.message).toBe("Invalid username or password");
  });

  it("username recovery: known, unknown, other letter case, a partner with no login, an unverified account", async () => {
    const { captain } = await createTeam(t.db);
    const unverified = await createTeam(t.db, { verified: false, approved: false });
    const { user: invitee } = await freshInvitee(t);
    const recover = (email: string) => () => supertest(t.app).post("/api/recover-username").send({ email });
    await expectIdentical("POST /api/recover-username", {
      known: recover(captain.email),
      unknown: recover(`ghost_${uniq()}@example.test`),
      "known, upper case": recover(captain.email.toUpperCase()),
      "partner with no login": recover(invitee.email),
      unverified: recover(unverified.captain.email),
    });
  });

  it("reset request: matching pair, unknown user, known user with another email, unknown user with a known email", async () => {
    const { captain, partner } = await createTeam(t.db);
    const reset = (username: string, email: string) => () => supertest(t.app).post("/api/reset-password").send({ username, email });
    await expectIdentical("POST /api/reset-password", {
      "matching username and email": reset(captain.username!, captain.email),
      unknown: reset(`ghost_${uniq()}`, `ghost_${uniq()}@example.test`),
      "known username, someone else's email": reset(captain.username!, partner.email),
      "unknown username, known email": reset(`ghost_${uniq()}`, captain.email),
      "matching, other letter case": reset(captain.username!.toUpperCase(), captain.email.toUpperCase()),
    });
  });

  it("resend verification: unverified, already verified, unknown, a partner with no login", async () => {
    const unverified = await createTeam(t.db, { verified: false, approved: false });
    const { captain } = await createTeam(t.db);
    const { user: invitee } = await freshInvitee(t);
    const resend = (email: string) => () => supertest(t.app).post("/api/resend-verification").send({ email });
    await expectIdentical("POST /api/resend-verification", {
      unverified: resend(unverified.captain.email),
      "already verified": resend(captain.email),
      unknown: resend(`ghost_${uniq()}@example.test`),
      "partner with no login": resend(invitee.email),
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Work done before and after the answer

interface Trace {
  /** The app, answering through a wrapper that marks the moment the answer is out ("answered"). */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  log: string[];
}
let trace: Trace;

/**
 * Records, in order, each database call the services make (select/insert/update/delete/execute/
 * transaction on deps.db) and each mail queued, and "answered" when the response is finished. The
 * rate limiter and the session store hold their own handle, so only the handlers' work shows.
 */
function traceWork(app: TestApp): Trace {
  const log: string[] = [];
  const real = app.deps.db;
  const traced = new Set(["select", "insert", "update", "delete", "execute", "transaction"]);
  app.deps.db = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (typeof prop === "string" && traced.has(prop)) {
        return (...args: unknown[]) => {
          log.push(`db.${prop}`);
          return fn.apply(target, args);
        };
      }
      return fn.bind(target);
    },
  }) as Db;
  // A mail queued (server/mail/outbox.ts); the worker sends it later, on its own database handle.
  mailQueued.on(() => log.push("mail"));
  return {
    log,
    app: (req, res) => {
      res.once("finish", () => log.push("answered"));
      app.app(req, res);
    },
  };
}

interface Traced extends Answer {
  headers: Record<string, unknown>;
  before: string[];
  after: string[];
}

async function traced(call: (agent: supertest.Agent) => supertest.Test): Promise<Traced> {
  await settleAfterResponseWork();
  trace.log.length = 0;
  const res = await call(supertest.agent(trace.app));
  await settleAfterResponseWork();
  const at = trace.log.indexOf("answered");
  expect(at, "the answer was marked").toBeGreaterThanOrEqual(0);
  const { date: _date, "x-request-id": _id, ...headers } = res.headers as Record<string, unknown>;
  return { ...answer(res), headers, before: trace.log.slice(0, at), after: trace.log.slice(at + 1) };
}

/** Every variant answers like the first (status, body, headers) after the same work; returns the traces. */
async function expectSameWork(endpoint: string, variants: Record<string, (agent: supertest.Agent) => supertest.Test>) {
  const out: Record<string, Traced> = {};
  for (const [name, call] of Object.entries(variants)) out[name] = await traced(call);
  const [firstName, first] = Object.entries(out)[0]!;
  for (const [name, tr] of Object.entries(out)) {
    expect({ status: tr.status, body: tr.body, setsCookie: tr.setsCookie, headers: tr.headers }, `${endpoint}: "${name}" answers unlike "${firstName}"`).toEqual({
      status: first.status,
      body: first.body,
      setsCookie: first.setsCookie,
      headers: first.headers,
    });
    expect(tr.before, `${endpoint}: "${name}" works before answering unlike "${firstName}"`).toEqual(first.before);
  }
  figures.traced.add(endpoint);
  figures.tracedVariants += Object.keys(out).length;
  return out;
}

describe("the same work before the answer; the account's work after it", () => {
  it("registration: a new team, the captain's address in use, the partner's address in use, both in use", async () => {
    const { captain, partner } = await createTeam(w.db);
    const register = (override: Record<string, unknown>) => (a: supertest.Agent) => a.post("/api/register-team").send(registration(override));
    const out = await expectSameWork("POST /api/register-team", {
      new: register({}),
      "captain address in use": register({ email: captain.email.toUpperCase() }),
      "partner address in use": register({ partnerEmail: partner.email }),
      "both in use": register({ email: partner.email, partnerEmail: captain.email }),
    });
    expect(out.new!.status).toBe(201);
    // Before the answer: only the (public) username check. The team and its mails come after.
    expect(out.new!.before).toEqual(["db.select"]);
    expect(out.new!.after).toEqual(expect.arrayContaining(["db.transaction", "mail"]));
    expect(out["captain address in use"]!.after).toContain("mail");
  });

  it("username recovery: a known address, an unknown one", async () => {
    const { captain } = await createTeam(w.db);
    const recover = (email: string) => (a: supertest.Agent) => a.post("/api/recover-username").send({ email });
    const out = await expectSameWork("POST /api/recover-username", { known: recover(captain.email), unknown: recover(`ghost_${uniq()}@example.test`) });
    expect(out.known!.before).toEqual([]);
    expect(out.known!.after).toEqual(["db.select", "db.insert", "mail"]);
  });

  it("reset request: a matching pair, an unknown user, a known user with another address", async () => {
    const { captain, partner } = await createTeam(w.db);
    const reset = (username: string, email: string) => (a: supertest.Agent) => a.post("/api/reset-password").send({ username, email });
    const out = await expectSameWork("POST /api/reset-password", {
      matching: reset(captain.username!, captain.email),
      unknown: reset(`ghost_${uniq()}`, `ghost_${uniq()}@example.test`),
      mismatched: reset(captain.username!, partner.email),
    });
    expect(out.matching!.before).toEqual([]);
    expect(out.matching!.after).toEqual(expect.arrayContaining(["db.select", "db.transaction", "mail"]));
  });

  it("resend verification: unverified, already verified, unknown", async () => {
    const unverified = await createTeam(w.db, { verified: false, approved: false });
    const { captain } = await createTeam(w.db);
    const resend = (email: string) => (a: supertest.Agent) => a.post("/api/resend-verification").send({ email });
    const out = await expectSameWork("POST /api/resend-verification", {
      unverified: resend(unverified.captain.email),
      verified: resend(captain.email),
      unknown: resend(`ghost_${uniq()}@example.test`),
    });
    expect(out.unverified!.before).toEqual([]);
    expect(out.unverified!.after).toEqual(expect.arrayContaining(["db.select", "db.transaction", "mail"]));
  });

  it("invitation acceptance with a made-up token: an existing username and a free one get the same answer after the same work", async () => {
    const { captain } = await createTeam(w.db);
    const accept = (username: string) => (a: supertest.Agent) => a.post(`/api/accept-invite/${"B".repeat(43)}`).send({ username, password: "Partner12" });
    const out = await expectSameWork("POST /api/accept-invite/:token", { "existing username": accept(captain.username!), "free username": accept(`free_${uniq()}`) });
    expect(out["free username"]!.status).toBe(400);
  });
});

describe("brute force: 429 per IP and per account", () => {
  let ip = 1;
  const freshIp = () => `198.51.100.${ip++}`;
  type Body = (account: { username: string; email: string }) => Record<string, unknown>;
  const endpoints: [string, Body][] = [
    ["/api/login", (a) => ({ username: a.username, password: "Wrong1234" })],
    ["/api/recover-username", (a) => ({ email: a.email })],
    ["/api/reset-password", (a) => ({ username: a.username, email: a.email })],
    ["/api/resend-verification", (a) => ({ email: a.email })],
  ];
  const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;
  const ghost = () => {
    const id = uniq();
    return { username: `ghost_${id}`, email: `ghost_${id}@example.test` };
  };
  const post = (url: string, from: string, body: Record<string, unknown>) => supertest(lim.app).post(url).set("X-Forwarded-For", from).send(body);

  for (const [url, body] of endpoints) {
    it(`${url}: the 4th attempt from one IP is refused, whatever the account`, async () => {
      const from = freshIp();
      for (let i = 0; i < 3; i++) expect((await post(url, from, body(ghost()))).status, `attempt ${i + 1}`).not.toBe(429);
      const res = await post(url, from, body(ghost()));
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(TOO_MANY);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      // Another IP is not affected.
      expect((await post(url, freshIp(), body(ghost()))).status).not.toBe(429);
    });

    it(`${url}: an address that used up an account's attempts is refused on it, the owner from another address is not — the same for an existing and an unknown account`, async () => {
      const { captain } = await createTeam(lim.db);
      const accounts = { existing: { username: captain.username!, email: captain.email }, unknown: ghost() };
      const fourth: Record<string, Answer> = {};
      for (const [name, account] of Object.entries(accounts)) {
        const attacker = freshIp();
        for (let i = 0; i < 3; i++) expect((await post(url, attacker, body(account))).status, `${name}, attempt ${i + 1}`).not.toBe(429);
        const res = await post(url, attacker, body(account));
        expect(res.status, name).toBe(429);
        expect(res.body.message).toMatch(TOO_MANY);
        fourth[name] = answer(res);
        // The account's owner, from an address that has not tried it, is not locked out...
        expect((await post(url, freshIp(), body(account))).status, `${name}: the owner elsewhere`).not.toBe(429);
        // ...and the attacker's address stays refused.
        expect((await post(url, attacker, body(account))).status, `${name}: the attacker again`).toBe(429);
      }
      expect(fourth.unknown).toEqual(fourth.existing);
      figures.limited.add(url);
    });
  }

  it("login: the attacker's address is refused even with the right password; the owner signs in from elsewhere", async () => {
    const { captain } = await createTeam(lim.db);
    const attacker = freshIp();
    for (let i = 0; i < 3; i++) await post("/api/login", attacker, { username: captain.username, password: "Wrong1234" });
    expect((await post("/api/login", attacker, { username: captain.username, password: PASSWORD })).status).toBe(429);
    expect((await post("/api/login", freshIp(), { username: captain.username, password: PASSWORD })).status).toBe(200);
  });
});
