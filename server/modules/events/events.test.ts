// Live updates, GET /api/events (docs/decisions/025-live-updates.md), on PGlite and PostgreSQL: an
// event reaches the streams of the members it concerns and no other; a broadcast (ladder changed)
// reaches everyone; nothing is published for a change that rolls back; a reconnect with
// Last-Event-ID is first sent what it missed; at most 5 streams per member; a signed-out session's
// stream ends; close() (shutdown) ends every stream; and with two instances on one PostgreSQL
// database, an event caused on one reaches a stream on the other.
//
// "Not received" is shown without waiting for time to pass: every stream receives a later message
// (a broadcast) after the one it must not get, and notices arrive in commit order.
import { afterAll, describe, expect, it } from "vitest";
import { LIVE_MESSAGE, MAX_EVENT_STREAMS_PER_USER, TOO_MANY_STREAMS_MESSAGE } from "@shared/types/events";
import { createTestApp, useServedTestApp, type TestApp } from "../../../tests/helpers/app";
import { onPostgres } from "../../../tests/helpers/db";
import { hearNoticesLate, liveNoticesDelivered, openEventStream, type EventStreamClient, type SseMessage } from "../../../tests/helpers/event-stream";
import { challengeBody, createTeam, PASSWORD, type TeamFixture } from "../../../tests/helpers/factories";
import { call, serve, signInCookie, type Served } from "../../../tests/security/http";
import { tell } from "../notifications/notifications.service";
import { publishLive } from "../../lib/live-events";

let t: TestApp;
let served: Served;
const streams: EventStreamClient[] = [];

useServedTestApp((app, server) => ((t = app), (served = server)));
// Every notice reaches the first instance 150 ms late, as on a busy machine: the tests must not
// depend on a notice's arrival before the statements that follow its commit.
hearNoticesLate(() => t.deps, 150);
afterAll(() => {
  for (const s of streams) s.close();
});

const cookies = new Map<string, string>();
async function cookieOf(username: string | null): Promise<string> {
  const known = cookies.get(username!);
  if (known) return known;
  const cookie = await signInCookie(served.base, username!, PASSWORD);
  cookies.set(username!, cookie);
  return cookie;
}

/**
 * A stream of this user on instance `on` (default: the first), once its `ready` message is in. It
 * opens after the notices committed before (a factory's refresh of the ranks) have reached that
 * instance, so they are not among its messages.
 */
async function streamOf(
  username: string | null,
  o: { lastEventId?: string; query?: string; on?: { app: TestApp; served: Served } } = {},
): Promise<EventStreamClient> {
  const on = o.on ?? { app: t, served };
  const cookie = await cookieOf(username);
  await liveNoticesDelivered(on.app.deps);
  const s = await openEventStream(on.served.base, { cookie, lastEventId: o.lastEventId, query: o.query });
  streams.push(s);
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  await s.next((m) => m.data.type === LIVE_MESSAGE.ready);
  return s;
}

async function challenge(from: TeamFixture, to: TeamFixture, base = served.base): Promise<number> {
  const res = await call(base, "POST", "/api/challenges", { cookie: await cookieOf(from.captain.username), json: challengeBody(to) });
  expect(res.status, res.text).toBe(201);
  return (res.body as { id: number }).id;
}

/** Accepts, reports (from wins) and has the opponent approve: a result that moves the ladder. */
async function playAndConfirm(from: TeamFixture, to: TeamFixture, challengeId: number): Promise<void> {
  const accept = await call(served.base, "PATCH", `/api/challenges/${challengeId}`, { cookie: await cookieOf(to.captain.username), json: { status: "accepted" } });
  expect(accept.status, accept.text).toBe(200);
  const report = await call(served.base, "POST", "/api/matches", {
    cookie: await cookieOf(from.captain.username),
    json: { challengeId, team1Id: from.team.id, team2Id: to.team.id, winnerTeamId: from.team.id, score: "[[3,1],[3,2]]" },
  });
  expect(report.status, report.text).toBe(201);
  const matchId = (report.body as { match: { id: number } }).match.id;
  const approve = await call(served.base, "POST", `/api/matches/${matchId}/approve`, { cookie: await cookieOf(to.captain.username) });
  expect(approve.status, approve.text).toBe(200);
}

const isLadder = (m: SseMessage) => m.data.type === LIVE_MESSAGE.ladderChanged;
/**
 * The types a stream heard, the ladder broadcast counted once: the stored ranks' refresh after a
 * confirmation sends it again when it moved a place (decision 045), a moment later or not at all.
 */
const types = (s: EventStreamClient, from = 0) =>
  s.messages
    .slice(from)
    .map((m) => m.data.type)
    .filter((type, i, all) => type !== LIVE_MESSAGE.ladderChanged || all.indexOf(type) === i);
/**
 * The reporting captain's stream after a challenge, its acceptance and the result confirmed: the
 * acceptance, then (one commit, either order) the ladder broadcast and its own "result confirmed".
 */
async function expectReporterSaw(stream: Parameters<typeof types>[0]) {
  await stream.next((x) => x.data.type === "result.confirmed");
  expect(types(stream).slice(0, 2)).toEqual([LIVE_MESSAGE.ready, "challenge.accepted"]);
  expect(types(stream).slice(2).sort()).toEqual([LIVE_MESSAGE.ladderChanged, "result.confirmed"].sort());
}

describe("GET /api/events", () => {
  it("refuses a signed-out caller with 401 and a message", async () => {
    const s = await openEventStream(served.base, { cookie: undefined });
    expect(s.status).toBe(401);
    expect((s.body as { message: string }).message).toBeTruthy();
  });

  it("opens with the retry hint and `ready`, whose id is the member's newest notification id; headers say event-stream, not cached", async () => {
    const a = await createTeam(t.db);
    const res = await fetch(`${served.base}/api/events`, { headers: { cookie: await cookieOf(a.captain.username) } });
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("no-store");
    await res.body?.cancel();
    const s = await streamOf(a.captain.username);
    expect(s.messages[0]).toEqual({ id: "0", data: { type: LIVE_MESSAGE.ready } });
  });

  it("an event reaches each open tab of the members it concerns, with only its type and id, and no one else's", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const c = await createTeam(t.db);
    const [aCap, bCap, bCap2, bPartner, cCap] = await Promise.all([
      streamOf(a.captain.username),
      streamOf(b.captain.username),
      streamOf(b.captain.username), // a second tab
      streamOf(b.partner.username),
      streamOf(c.captain.username),
    ]);
    const challengeId = await challenge(a, b);
    for (const s of [bCap, bCap2, bPartner]) {
      const m = await s.next((x) => x.data.type === "challenge.received");
      expect(Object.keys(m.data).sort()).toEqual(["id", "type"]);
      expect(m.id).toBe(String(m.data.id));
    }
    // The challenge is accepted and the result confirmed: the ladder moves, which every stream hears.
    await playAndConfirm(a, b, challengeId);
    for (const s of [aCap, bCap, bCap2, bPartner, cCap]) await s.next(isLadder);
    expect(types(cCap)).toEqual([LIVE_MESSAGE.ready, LIVE_MESSAGE.ladderChanged]);
    await expectReporterSaw(aCap);
    expect(types(bCap)).toEqual([LIVE_MESSAGE.ready, "challenge.received", "result.reported", LIVE_MESSAGE.ladderChanged]);
    expect(types(bCap2)).toEqual(types(bCap));
    expect(types(bPartner)).toEqual(types(bCap));
    // The ids are those of the member's own notification rows.
    const listed = await call(served.base, "GET", "/api/notifications", { cookie: await cookieOf(b.captain.username) });
    const ids = (listed.body as { items: { id: number }[] }).items.map((i) => i.id).sort((x, y) => x - y);
    expect(bCap.messages.filter((m) => m.data.id !== undefined).map((m) => m.data.id)).toEqual(ids);
  });

  it("a change that rolls back publishes nothing; one that commits is heard", async () => {
    const a = await createTeam(t.db);
    const s = await streamOf(a.captain.username);
    await expect(
      t.db.transaction(async (tx) => {
        await tell(tx, { type: "challenge.received", userIds: [a.captain.id], text: "Rolled back", link: "/challenges" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await t.db.transaction(async (tx) => {
      await tell(tx, { type: "challenge.canceled", userIds: [a.captain.id], text: "Committed", link: "/challenges" });
    });
    await s.next((m) => m.data.type === "challenge.canceled");
    expect(types(s)).toEqual([LIVE_MESSAGE.ready, "challenge.canceled"]);
  });

  it("a reconnect with Last-Event-ID (or ?lastEventId=) is first sent the notifications it missed, then `ready`", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const first = await streamOf(b.captain.username);
    const readyId = first.messages[0]!.id!;
    first.close();
    // Two events while the tab is away.
    await challenge(a, b);
    const c = await createTeam(t.db);
    await challenge(c, b);
    const again = await streamOf(b.captain.username, { lastEventId: readyId });
    const missed = again.messages.slice(0, -1);
    expect(missed.map((m) => m.data.type)).toEqual(["challenge.received", "challenge.received"]);
    const last = again.messages.at(-1)!;
    expect(last.data.type).toBe(LIVE_MESSAGE.ready);
    expect(last.id).toBe(missed[1]!.id);
    // The same through the query (a tab that opens a new stream itself); the header wins over it.
    const byQuery = await streamOf(b.captain.username, { query: `lastEventId=${readyId}` });
    expect(types(byQuery)).toEqual(["challenge.received", "challenge.received", LIVE_MESSAGE.ready]);
    const headerWins = await streamOf(b.captain.username, { lastEventId: missed[0]!.id!, query: `lastEventId=${readyId}` });
    expect(types(headerWins)).toEqual(["challenge.received", LIVE_MESSAGE.ready]);
    // Up to date, or a new tab (no id): nothing replayed.
    expect(types(await streamOf(b.captain.username, { lastEventId: last.id! }))).toEqual([LIVE_MESSAGE.ready]);
    expect(types(await streamOf(b.captain.username))).toEqual([LIVE_MESSAGE.ready]);
    for (const s of streams.splice(0)) s.close();
  });

  it(`at most ${MAX_EVENT_STREAMS_PER_USER} open streams per member: the next one gets 429 with a message, until one closes`, async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const open: EventStreamClient[] = [];
    for (let i = 0; i < MAX_EVENT_STREAMS_PER_USER; i++) open.push(await streamOf(a.captain.username));
    const refused = await openEventStream(served.base, { cookie: await cookieOf(a.captain.username) });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: TOO_MANY_STREAMS_MESSAGE, code: "too_many_streams" });
    // Another member is not affected.
    await streamOf(a.partner.username);
    await streamOf(b.captain.username);
    // The server notices the closed tab; then a new one opens.
    open.pop()!.close();
    while (t.deps.events.count(a.captain.id) >= MAX_EVENT_STREAMS_PER_USER) await new Promise((r) => setTimeout(r, 10));
    await streamOf(a.captain.username);
    for (const s of streams.splice(0)) s.close();
  });

  it("close() (shutdown) ends every open stream and refuses new ones with 503", async () => {
    const other = await createTestApp({}, { events: {} });
    const srv = await serve(other.app);
    try {
      const a = await createTeam(other.db);
      const cookie = await signInCookie(srv.base, a.captain.username!, PASSWORD);
      const s1 = await openEventStream(srv.base, { cookie });
      const s2 = await openEventStream(srv.base, { cookie });
      await s1.next((m) => m.data.type === LIVE_MESSAGE.ready);
      await s2.next((m) => m.data.type === LIVE_MESSAGE.ready);
      other.deps.events.close();
      await Promise.all([s1.ended, s2.ended]);
      expect(other.deps.events.count()).toBe(0);
      const refused = await openEventStream(srv.base, { cookie });
      expect(refused.status).toBe(503);
      expect((refused.body as { message: string }).message).toBeTruthy();
    } finally {
      await srv.close();
      await other.close();
    }
  });
});

describe("heartbeats and the session", () => {
  let h: TestApp;
  let srv: Served;
  // Heartbeats every 50 ms here (25 s in the app).
  useServedTestApp((app, server) => ((h = app), (srv = server)), {}, { events: { heartbeatMs: 50 } });

  it("a heartbeat comment keeps the stream alive; signing out ends the session's streams at the next one, other sessions' stay", async () => {
    const a = await createTeam(h.db);
    const cookie = await signInCookie(srv.base, a.captain.username!, PASSWORD);
    const otherSession = await signInCookie(srv.base, a.captain.username!, PASSWORD);
    await liveNoticesDelivered(h.deps);
    const s = await openEventStream(srv.base, { cookie });
    const kept = await openEventStream(srv.base, { cookie: otherSession });
    await s.next((m) => m.data.type === LIVE_MESSAGE.ready);
    while (s.comments < 2) await new Promise((r) => setTimeout(r, 20));
    expect((await call(srv.base, "POST", "/api/logout", { cookie })).status).toBe(200);
    await s.ended;
    expect(h.deps.events.count(a.captain.id)).toBe(1);
    await h.db.transaction((tx) => publishLive(tx, { type: LIVE_MESSAGE.ladderChanged, all: true }));
    await kept.next(isLadder);
    kept.close();
  });
});

describe.skipIf(!onPostgres())("two instances on one PostgreSQL database", () => {
  let second: TestApp;
  let secondServed: Served;
  useServedTestApp((app, server) => ((second = app), (secondServed = server)), {}, () => ({ sameDatabaseAs: t }));
  hearNoticesLate(() => second.deps, 150);

  it("an event caused on instance 1 reaches a stream on instance 2, and a confirmation's broadcast reaches both", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const bOnTwo = await streamOf(b.captain.username, { on: { app: second, served: secondServed } });
    const aOnOne = await streamOf(a.captain.username);
    const challengeId = await challenge(a, b); // on instance 1
    await bOnTwo.next((m) => m.data.type === "challenge.received");
    await playAndConfirm(a, b, challengeId);
    await bOnTwo.next(isLadder);
    await aOnOne.next(isLadder);
    expect(types(bOnTwo)).toEqual([LIVE_MESSAGE.ready, "challenge.received", "result.reported", LIVE_MESSAGE.ladderChanged]);
    await expectReporterSaw(aOnOne);
  });

  it("when an instance's LISTEN connection is lost and comes back, its streams are told to read everything again", async () => {
    const a = await createTeam(t.db);
    const s = await streamOf(a.captain.username, { on: { app: second, served: secondServed } });
    // What an administrator or a failover does to the second instance's LISTEN connection.
    const killed = await second.testDb.database.raw.query(
      "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and application_name = 'doubles-ladder-listen' and pid <> pg_backend_pid()",
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    await s.next((m) => m.data.type === LIVE_MESSAGE.resync);
  });
});

if (!onPostgres()) console.log("events: two instances on one database skipped on PGlite (one process per embedded database); runs with TEST_DATABASE_URL");
