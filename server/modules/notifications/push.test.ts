// Web push through the outbox (docs/product.md, "Push notifications"; decision 035), end to end
// against a local push service (web-push-testing in this process, tests/helpers/push-service.ts):
// a member's browser subscribes through the API, an event pushes exactly once to each device of the
// members it concerns (their own text and link, decrypted by the stand-in), two workers push once,
// an expired device answers 410 and its subscription goes, a 5xx is retried. PGlite and PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { notifications, pushDeliveries, pushSubscriptions, type User } from "@shared/schema";
import { createTestApp, useTestApp, type TestApp } from "../../../tests/helpers/app";
import { challengeBody, createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { startPushService, subscriptionBody, TEST_VAPID, type PushServiceStandIn, type StandInSubscription } from "../../../tests/helpers/push-service";
import { resolveVapidKeys } from "../../config/vapid";
import { loadEnv } from "../../config/env";
import { PUSH_RETRY_DELAYS_SECONDS, PUSH_TITLE, PushDelivery } from "./push-delivery";
import { PUSH_UNAVAILABLE_MESSAGE } from "./push.service";
import { resetAllData } from "../admin/admin.data.service";

let t: TestApp;
let push: PushServiceStandIn;
beforeAll(async () => {
  [t, push] = await Promise.all([createTestApp({ ...TEST_VAPID }), startPushService()]);
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

/** A browser of `user` turning push on: the server's key, the push service's subscription, POST. */
async function device(user: User): Promise<StandInSubscription> {
  const agent = await t.signedIn(user.username);
  const key = await agent.get("/api/push/public-key");
  expect(key.status).toBe(200);
  expect(key.body).toEqual({ publicKey: TEST_VAPID.VAPID_PUBLIC_KEY });
  const sub = await push.subscribe(key.body.publicKey);
  const res = await agent.post("/api/push/subscriptions").send(subscriptionBody(sub));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sub;
}

async function challenge(from: TeamFixture, to: TeamFixture): Promise<void> {
  expect((await (await t.signedIn(from.captain.username)).post("/api/challenges").send(challengeBody(to))).status).toBe(201);
}

/** Decoded pushes a device received. */
const received = async (sub: StandInSubscription) => (await push.messages(sub)).map((m) => JSON.parse(m) as Record<string, unknown>);
const latestNotification = async (user: User) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.id)).limit(1))[0]!;

describe("web push", () => {
  it("pushes an event once to each device of the members it concerns, with only their own text and link", async () => {
    const [a, b] = [await createTeam(t.db), await createTeam(t.db)];
    const [phone, laptop, partnerPhone, challengerPhone] = [await device(b.captain), await device(b.captain), await device(b.partner), await device(a.captain)];
    await challenge(a, b);
    await t.deliverPush();

    const own = await latestNotification(b.captain);
    expect(own.type).toBe("challenge.received");
    for (const sub of [phone, laptop]) expect(await received(sub)).toEqual([{ title: PUSH_TITLE, body: own.text, link: own.link }]);
    const partners = await latestNotification(b.partner);
    expect(await received(partnerPhone)).toEqual([{ title: PUSH_TITLE, body: partners.text, link: partners.link }]);
    // The challenger is not told of their own challenge; nobody's address or note travels.
    expect(await received(challengerPhone)).toEqual([]);
    const raw = (await push.messages(phone)).join("");
    for (const secret of [a.captain.email, a.partner.email, b.captain.email, challengeBody(b).notes]) expect(raw).not.toContain(secret);
    expect(await t.db.select().from(pushDeliveries)).toEqual([]);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(row!.lastSuccessAt).not.toBeNull();
  });

  it("honours the member's category switches: challenges off, no push about challenges", async () => {
    const [a, b] = [await createTeam(t.db), await createTeam(t.db)];
    const phone = await device(b.captain);
    const agent = await t.signedIn(b.captain.username);
    expect((await agent.put("/api/notifications/preferences").send({ email: { challenges: false } })).status).toBe(200);
    await challenge(a, b);
    await t.deliverPush();
    expect(await latestNotification(b.captain)).toMatchObject({ type: "challenge.received" });
    expect(await received(phone)).toEqual([]);
  });

  it("two workers push each message once", async () => {
    const [a, b] = [await createTeam(t.db), await createTeam(t.db)];
    const phone = await device(b.captain);
    const vapid = { publicKey: TEST_VAPID.VAPID_PUBLIC_KEY, privateKey: TEST_VAPID.VAPID_PRIVATE_KEY, subject: TEST_VAPID.VAPID_SUBJECT };
    const workers = [new PushDelivery({ db: t.db, logger: t.deps.logger, vapid }), new PushDelivery({ db: t.db, logger: t.deps.logger, vapid })];
    t.deps.pushDelivery.stop(); // only the two below deliver (the app's worker is started again after)
    try {
      await challenge(a, b);
      await challenge(await createTeam(t.db), b);
      const results = await Promise.all(workers.map((w) => w.deliverDue()));
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(2);
      expect(await received(phone)).toHaveLength(2);
    } finally {
      t.deps.pushDelivery.start(t.testDb.database.changes);
    }
  });

  it("removes a subscription the push service reports gone (410), and keeps the member's other devices", async () => {
    const [a, b] = [await createTeam(t.db), await createTeam(t.db)];
    const [gone, kept] = [await device(b.captain), await device(b.captain)];
    await push.expire(gone);
    await challenge(a, b);
    await t.deliverPush();
    expect(await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, b.captain.id))).toEqual([{ endpoint: kept.endpoint }]);
    expect(await received(kept)).toHaveLength(1);
    expect(await received(gone)).toEqual([]);
    expect(await t.db.select().from(pushDeliveries)).toEqual([]);
  });

  it("retries a push the push service could not take (5xx) later, then delivers it", async () => {
    const [a, b] = [await createTeam(t.db), await createTeam(t.db)];
    const phone = await device(b.captain);
    const vapid = { publicKey: TEST_VAPID.VAPID_PUBLIC_KEY, privateKey: TEST_VAPID.VAPID_PRIVATE_KEY, subject: TEST_VAPID.VAPID_SUBJECT };
    const unavailable = new PushDelivery({ db: t.db, logger: t.deps.logger, vapid, fetch: async () => new Response("busy", { status: 503 }) });
    t.deps.pushDelivery.stop();
    try {
      await challenge(a, b);
      expect(await unavailable.deliverDue()).toMatchObject({ retried: 1, sent: 0 });
      const [waiting] = await t.db.select().from(pushDeliveries);
      expect(waiting).toMatchObject({ attempts: 1, lastError: "push service answered 503" });
      expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + (PUSH_RETRY_DELAYS_SECONDS[0] - 5) * 1000);
      expect(await received(phone)).toEqual([]);
      // The retry comes due: the real push service takes it.
      await t.db.update(pushDeliveries).set({ nextAttemptAt: sql`now()` });
    } finally {
      t.deps.pushDelivery.start(t.testDb.database.changes);
    }
    await t.deliverPush();
    expect(await received(phone)).toHaveLength(1);
    expect(await t.db.select().from(pushDeliveries)).toEqual([]);
  });

  it("a device another member subscribed is taken over whole: the other member's queued pushes are dropped", async () => {
    const [a, b] = [await createTeam(t.db), await createTeam(t.db)];
    const shared = await device(b.captain);
    t.deps.pushDelivery.stop();
    try {
      await challenge(a, b);
      expect(await t.db.select().from(pushDeliveries)).toHaveLength(1);
      const other = await t.signedIn(a.partner.username);
      expect((await other.post("/api/push/subscriptions").send(subscriptionBody(shared))).status).toBe(200);
      expect(await t.db.select().from(pushDeliveries)).toEqual([]);
      const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint));
      expect(row!.userId).toBe(a.partner.id);
    } finally {
      t.deps.pushDelivery.start(t.testDb.database.changes);
    }
  });

  it("turning push off deletes the member's own subscription only", async () => {
    const [a, b] = [await createTeam(t.db), await createTeam(t.db)];
    const [mine, theirs] = [await device(a.captain), await device(b.captain)];
    const agent = await t.signedIn(a.captain.username);
    expect((await agent.delete("/api/push/subscriptions").send({ endpoint: theirs.endpoint })).body).toEqual({ subscribed: false });
    expect((await agent.delete("/api/push/subscriptions").send({ endpoint: mine.endpoint })).body).toEqual({ subscribed: false });
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, [mine.endpoint, theirs.endpoint]));
    expect(left).toEqual([{ endpoint: theirs.endpoint }]);
  });

  it("a member who is removed (the admin's reset of all data) takes their devices and queued pushes along", async () => {
    const [a, b] = [await createTeam(t.db), await createTeam(t.db)];
    await device(b.captain);
    t.deps.pushDelivery.stop();
    try {
      await challenge(a, b);
      expect(await t.db.select().from(pushDeliveries)).toHaveLength(1);
      const { admin } = await t.signedInAdmin();
      await resetAllData(t.deps, { actor: admin });
      expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
      expect(await t.db.select().from(pushDeliveries)).toEqual([]);
    } finally {
      t.deps.pushDelivery.start(t.testDb.database.changes);
    }
  });

  it("refuses what is not a browser's subscription, signed out, and bad keys", async () => {
    const a = await createTeam(t.db);
    const sub = await push.subscribe();
    expect((await t.agent().post("/api/push/subscriptions").send(subscriptionBody(sub))).status).toBe(401);
    const agent = await t.signedIn(a.captain.username);
    for (const body of [
      { ...subscriptionBody(sub), endpoint: "javascript:alert(1)" },
      { ...subscriptionBody(sub), keys: { p256dh: "short", auth: sub.keys.auth } },
      { ...subscriptionBody(sub), keys: { p256dh: sub.keys.p256dh } },
      { endpoint: sub.endpoint },
    ]) {
      const res = await agent.post("/api/push/subscriptions").send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe("push off", () => {
  let off: TestApp;
  useTestApp((app) => (off = app));

  it("without VAPID keys the server says push is unavailable and takes no subscription", async () => {
    const a = await createTeam(off.db);
    const agent = await off.signedIn(a.captain.username);
    const key = await agent.get("/api/push/public-key");
    expect(key.status).toBe(404);
    expect(key.body).toMatchObject({ message: PUSH_UNAVAILABLE_MESSAGE, code: "push_unavailable" });
    const sub = await push.subscribe();
    expect((await agent.post("/api/push/subscriptions").send(subscriptionBody(sub))).status).toBe(404);
  });

  it("on PostgreSQL (DATABASE_URL) without VAPID keys nothing is generated: push is off", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-vapid-pg-"));
    try {
      const env = loadEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATABASE_URL: "postgres://u@localhost/db", DATA_DIR: dir });
      expect(resolveVapidKeys(env)).toBeUndefined();
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("VAPID keys", () => {
  it("the embedded default generates DATA_DIR/vapid.json once (0600) and reuses it", () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dl-vapid-")), "data");
    try {
      const env = loadEnv({ DATA_DIR: dir, ADMIN_EMAIL: "admin@club.test" });
      const first = resolveVapidKeys(env)!;
      expect(first.subject).toBe("mailto:admin@club.test");
      expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
      const file = path.join(dir, "vapid.json");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveVapidKeys(env)).toEqual(first);
      expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it("the environment's keys win, and a half-set or malformed pair stops the start", () => {
    const base = { NODE_ENV: "test", SESSION_SECRET: "s".repeat(40), DATABASE_URL: "postgres://u@localhost/db" };
    expect(resolveVapidKeys(loadEnv({ ...base, ...TEST_VAPID }))).toEqual({
      publicKey: TEST_VAPID.VAPID_PUBLIC_KEY,
      privateKey: TEST_VAPID.VAPID_PRIVATE_KEY,
      subject: TEST_VAPID.VAPID_SUBJECT,
    });
    expect(() => loadEnv({ ...base, VAPID_PUBLIC_KEY: TEST_VAPID.VAPID_PUBLIC_KEY })).toThrow(/set together/);
    expect(() => loadEnv({ ...base, ...TEST_VAPID, VAPID_PRIVATE_KEY: "abc" })).toThrow(/VAPID_PRIVATE_KEY must be/);
    expect(() => loadEnv({ ...base, ...TEST_VAPID, VAPID_SUBJECT: "admin@club.test" })).toThrow(/VAPID_SUBJECT must be a mailto/);
  });
});
