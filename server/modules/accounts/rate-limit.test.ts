import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, PASSWORD } from "../../../tests/helpers/factories";
import { accountKey, forgiveKeys, hitRateLimits, pruneRateLimits } from "../../lib/rate-limit";
import { registration } from "./accounts.fixtures";

// Three attempts per 15 minutes; one proxy hop trusted so each test can speak from its own IP.
let t: TestApp;
useTestApp((app) => (t = app), { AUTH_RATE_LIMIT_MAX: "3", TRUST_PROXY: "1" });

let ipCounter = 10;
const freshIp = () => `203.0.113.${ipCounter++}`;
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

describe("auth rate limits", () => {
  it("answers the 4th login from one IP with 429, a message and Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await t.request.post("/api/login").set("X-Forwarded-For", ip).send({ username: `nobody${i}`, password: "Wrong1234" });
      expect(res.status).toBe(401);
    }
    const res = await t.request.post("/api/login").set("X-Forwarded-For", ip).send({ username: "nobody9", password: "Wrong1234" });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(TOO_MANY);
    expect(res.body.message).toBe("Too many attempts. Please try again in 15 minutes.");
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it("a stranger who used up an account's attempts does not lock its owner out; the stranger stays limited", async () => {
    const { captain } = await createTeam(t.db);
    const attacker = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await t.request.post("/api/login").set("X-Forwarded-For", attacker).send({ username: captain.username, password: "Wrong1234" });
      expect(res.status).toBe(401);
    }
    // The attacker's address is refused on this account, even with the right password...
    const again = await t.request.post("/api/login").set("X-Forwarded-For", attacker).send({ username: captain.username, password: PASSWORD });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(TOO_MANY);
    // ...while the owner, from an address that has not failed, signs in.
    const owner = await t.request.post("/api/login").set("X-Forwarded-For", freshIp()).send({ username: captain.username!.toUpperCase(), password: PASSWORD });
    expect(owner.status).toBe(200);
  });

  it("while an account is over its limit, each other address gets one guess on it, then 429", async () => {
    const { captain } = await createTeam(t.db);
    for (let i = 0; i < 3; i++) await t.request.post("/api/login").set("X-Forwarded-For", freshIp()).send({ username: captain.username, password: "Wrong1234" });
    const ip = freshIp();
    expect((await t.request.post("/api/login").set("X-Forwarded-For", ip).send({ username: captain.username, password: "Wrong1234" })).status).toBe(401);
    const second = await t.request.post("/api/login").set("X-Forwarded-For", ip).send({ username: captain.username, password: PASSWORD });
    expect(second.status).toBe(429);
    // The owner still gets in from an address of their own.
    expect((await t.request.post("/api/login").set("X-Forwarded-For", freshIp()).send({ username: captain.username, password: PASSWORD })).status).toBe(200);
  });

  it("correct passwords do not count against the account", async () => {
    const { captain } = await createTeam(t.db);
    // Three sign-ins from one address, then failures from others: the account is not over its limit,
    // so an address that failed once may try again.
    const home = freshIp();
    for (let i = 0; i < 3; i++) expect((await t.request.post("/api/login").set("X-Forwarded-For", home).send({ username: captain.username, password: PASSWORD })).status).toBe(200);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await t.request.post("/api/login").set("X-Forwarded-For", ip).send({ username: captain.username, password: "Wrong1234" });
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
    const rows = await t.db.execute(sql`select count from rate_limits where key = ${accountKey("login", captain.username!)}`);
    expect((rows as unknown as { rows: { count: number }[] }).rows.map((r) => Number(r.count))).toEqual([3]);
  });

  it("limits registration, recovery, reset (request and token), resend and invite acceptance", async () => {
    const fakeToken = "A".repeat(43);
    const calls: [string, () => Record<string, unknown>][] = [
      ["/api/register-team", () => registration({ password: "weak" })],
      ["/api/recover-username", () => ({ email: "someone@example.test" })],
      ["/api/reset-password", () => ({ username: "someone", email: "someone@example.test" })],
      [`/api/reset-password/${fakeToken}`, () => ({ newPassword: "Fresh456" })],
      ["/api/resend-verification", () => ({ email: "someone@example.test" })],
      [`/api/accept-invite/${fakeToken}`, () => ({ username: "newbie", password: "Partner12" })],
      [`/api/verify-email/${fakeToken}`, () => ({})],
    ];
    for (const [url, body] of calls) {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        const res = await t.request.post(url).set("X-Forwarded-For", ip).send(body());
        expect(res.status, url).not.toBe(429);
      }
      const res = await t.request.post(url).set("X-Forwarded-For", ip).send(body());
      expect(res.status, url).toBe(429);
      expect(res.body.message).toMatch(TOO_MANY);
      expect(res.headers["retry-after"]).toBeDefined();
    }
  });

  it("opens again when the window ends", async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await t.request.post("/api/recover-username").set("X-Forwarded-For", ip).send({ email: `a${i}@example.test` });
    expect((await t.request.post("/api/recover-username").set("X-Forwarded-For", ip).send({ email: "z@example.test" })).status).toBe(429);
    await t.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key like ${`recover:ip:${ip}`}`);
    expect((await t.request.post("/api/recover-username").set("X-Forwarded-For", ip).send({ email: "z@example.test" })).status).toBe(200);
  });

  it("counts concurrent attempts exactly (one upsert per check)", async () => {
    const key = `test:${Date.now()}`;
    const hits = await Promise.all(Array.from({ length: 10 }, () => hitRateLimits(t.db, [key])));
    const counts = hits.map((h) => h[0]!.count).sort((a, b) => a - b);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("counts and forgives the same keys at once, in any order, without a deadlock", async () => {
    // A sign-in counts its keys and, when the password was right, takes the account's back, and
    // old counters are pruned meanwhile: on PostgreSQL two such statements taking the same rows in
    // different orders deadlocked (a 500 on /api/login).
    const base = `test:${Date.now()}`;
    const keys = [`${base}:b`, `${base}:c`, `${base}:a`];
    await hitRateLimits(t.db, keys);
    const orders = [keys, [...keys].reverse(), [keys[1]!, keys[2]!, keys[0]!]];
    // Counters long expired, so that the prune (now and then on a count) takes them too.
    await t.db.execute(sql`update rate_limits set reset_at = now() - interval '2 hours' where key like ${`${base}:%`}`);
    const work = Array.from({ length: 60 }, (_, i) =>
      i % 10 === 9 ? pruneRateLimits(t.db) : i % 2 === 0 ? hitRateLimits(t.db, orders[i % 3]!) : forgiveKeys(t.db, orders[(i + 1) % 3]!),
    );
    const outcomes = await Promise.allSettled(work);
    expect(outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason?.cause ?? o))).toEqual([]);
  });

  it("never stores the account identifiers in clear", async () => {
    const res = await t.db.execute(sql`select key from rate_limits`);
    const keys = (res as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes("@") || k.includes("someone"))).toBe(false);
  });
});
