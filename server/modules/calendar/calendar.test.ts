// The calendar feed (docs/product.md, "Calendar feed"): contents across accept → reschedule →
// cancel, reset links, other teams' events, conditional GET, and the one-off file's shared event.
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import type supertest from "supertest";
import { calendarFeeds, challenges, users } from "@shared/schema";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import { parseIcs } from "../../../tests/helpers/ical";
import { hashToken } from "../../auth/tokens";
import { ipKey } from "../../lib/rate-limit";
import { jobs } from "../../jobs";
import { CHALLENGE_STATUS } from "@shared/constants";

let t: TestApp;
useTestApp((app) => (t = app));
afterEach(() => vi.restoreAllMocks());

const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(18, 0, 0, 0);
  return d;
};

/** Reads a body as text whatever its content type. */
const asText = (req: supertest.Test) =>
  req.buffer(true).parse((r, cb) => {
    let data = "";
    r.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    r.on("end", () => cb(null, data));
  });

const pair = () => t.signedInPair({ name: `Aces ${Math.random().toString(36).slice(2, 7)}` }, { name: `Baseliners, ${Math.random().toString(36).slice(2, 7)}` });

async function challenge(capA: supertest.Agent, b: TeamFixture, when = inDays(3)) {
  const res = await capA
    .post("/api/challenges")
    .send({ challengedTeamId: b.team.id, location: "Jericho Beach", competitionType: "Men's Doubles", notes: "Text Ana; 604-555-0100", proposedDateTime: when.toISOString() });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** The member's feed path (made on first use, as the profile's button does). */
async function feedPath(agent: supertest.Agent): Promise<string> {
  const res = await agent.post("/api/calendar-feed").send({});
  expect(res.status).toBe(200);
  expect(res.body.webcalUrl).toBe(res.body.url.replace(/^http:/, "webcal:"));
  return new URL(res.body.url).pathname;
}

async function readFeed(path: string) {
  const res = await asText(t.request.get(path));
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  return { res, calendar: parseIcs(res.body as string) };
}

describe("GET /api/calendar/{token}.ics: the feed", () => {
  it("follows a challenge from accept through a reschedule to cancel: one event, one UID, SEQUENCE and STATUS moving", async () => {
    const { a, b, capA, capB } = await pair();
    const pathA = await feedPath(capA);
    const pathPartnerB = await feedPath(await t.signedIn(b.partner.username));
    const id = await challenge(capA, b);

    // Pending: not in anyone's calendar yet.
    expect((await readFeed(pathA)).calendar.events).toEqual([]);

    expect((await capB.patch(`/api/challenges/${id}`).send({ status: "accepted", note: "Ben: 604-555-0199" })).status).toBe(200);
    const accepted = (await readFeed(pathA)).calendar;
    expect(accepted.name).toBe(`Doubles Ladder: ${a.team.name}`);
    expect(accepted.events).toHaveLength(1);
    const [event] = accepted.events;
    expect(event).toMatchObject({
      uid: `challenge-${id}@localhost`,
      sequence: 0,
      status: "CONFIRMED",
      summary: `Ladder challenge: ${a.team.name} vs ${b.team.name}`,
      location: "Jericho Beach",
      url: `${t.env.APP_URL}/challenges#challenge-${id}`,
    });
    expect(event!.start.toISOString()).toBe(inDays(3).toISOString());
    expect(event!.end.getTime() - event!.start.getTime()).toBe(90 * 60_000);
    expect(event!.description).toContain("Contact: Text Ana; 604-555-0100");
    expect(event!.description).toContain("Their contact: Ben: 604-555-0199");
    expect(event!.description).toContain(`${t.env.APP_URL}/challenges#challenge-${id}`);
    // The other team's member sees the same event (same UID) in their own feed.
    expect((await readFeed(pathPartnerB)).calendar.events.map((e) => e.uid)).toEqual([event!.uid]);

    // The one-off "Add to calendar" file: the same builder, the same UID and SEQUENCE.
    const file = await asText(capA.get(`/api/challenges/${id}/calendar.ics`));
    expect(file.status).toBe(200);
    const [single] = parseIcs(file.body as string).events;
    expect(single).toMatchObject({ uid: event!.uid, sequence: 0, status: "CONFIRMED", summary: event!.summary, location: "Jericho Beach" });

    // A reschedule: A's captain proposes a new time; the old one stands until B's captain accepts it.
    const proposed = await capA.post(`/api/challenges/${id}/slots`).send({ slots: [{ startsAt: inDays(4).toISOString() }] });
    expect(proposed.status).toBe(201);
    const stillOld = (await readFeed(pathA)).calendar.events;
    expect(stillOld[0]).toMatchObject({ uid: event!.uid, sequence: 0 });
    expect(stillOld[0]!.start.toISOString()).toBe(inDays(3).toISOString());
    const incoming = await capB.get("/api/challenges/incoming");
    const slotId = (incoming.body.items as { id: number; slots: { id: number }[] }[]).find((c) => c.id === id)!.slots[0]!.id;
    expect((await capB.post(`/api/challenges/${id}/slots/${slotId}/accept`).send({})).status).toBe(200);
    // Accepted: the time moves and schedule_version rises in the same UPDATE, so SEQUENCE follows.
    const moved = (await readFeed(pathA)).calendar.events;
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ uid: event!.uid, sequence: 1, status: "CONFIRMED" });
    expect(moved[0]!.start.toISOString()).toBe(inDays(4).toISOString());

    expect((await capA.patch(`/api/challenges/${id}`).send({ status: "canceled" })).status).toBe(200);
    for (const path of [pathA, pathPartnerB]) {
      const [canceled] = (await readFeed(path)).calendar.events;
      expect(canceled).toMatchObject({ uid: event!.uid, sequence: 2, status: "CANCELLED" });
      expect(canceled!.summary).toBe(`Canceled: Ladder challenge: ${a.team.name} vs ${b.team.name}`);
    }
  });

  it("marks an accepted challenge that expired unplayed CANCELLED, with the same UID and a higher SEQUENCE", async () => {
    const { b, capA, capB } = await pair();
    const pathA = await feedPath(capA);
    const id = await challenge(capA, b);
    expect((await capB.patch(`/api/challenges/${id}`).send({ status: "accepted" })).status).toBe(200);
    const [before] = (await readFeed(pathA)).calendar.events.filter((e) => e.uid === `challenge-${id}@localhost`);
    expect(before).toMatchObject({ status: "CONFIRMED" });
    // Its play-by date a day past with no result reported: the clock's job expires it.
    await t.db.update(challenges).set({ playBy: new Date(Date.now() - 86_400_000) }).where(eq(challenges.id, id));
    await jobs.find((j) => j.name === "challenge-clock")!.run(t.deps);
    const [after] = await t.db.select({ status: challenges.status }).from(challenges).where(eq(challenges.id, id));
    expect(after!.status).toBe(CHALLENGE_STATUS.expired);
    const [expired] = (await readFeed(pathA)).calendar.events.filter((e) => e.uid === before!.uid);
    expect(expired).toMatchObject({ status: "CANCELLED" });
    expect(expired!.sequence).toBeGreaterThan(before!.sequence);
  });

  it("shows challenges the team agreed to: not pending, declined or canceled-before-accepting ones; upcoming and the last 30 days", async () => {
    const { a, b, capA, capB } = await pair();
    const c = await createTeam(t.db);
    const capC = await t.signedIn(c.captain.username);
    const path = await feedPath(capA);
    const declined = await challenge(capA, b);
    await capB.patch(`/api/challenges/${declined}`).send({ status: "declined" });
    const canceledPending = await challenge(capA, b);
    await capA.patch(`/api/challenges/${canceledPending}`).send({ status: "canceled" });
    const played = await challenge(capA, c);
    await capC.patch(`/api/challenges/${played}`).send({ status: "accepted" });
    const pending = await challenge(capA, b);
    // Accepted matches 29 and 31 days ago (times set directly: a challenge is proposed in the future).
    await t.db.update(challenges).set({ proposedDateTime: inDays(-29) }).where(eq(challenges.id, played));
    const d = await createTeam(t.db);
    const old = await challenge(await t.signedIn(d.captain.username), a);
    await capA.patch(`/api/challenges/${old}`).send({ status: "accepted" });
    await t.db.update(challenges).set({ proposedDateTime: inDays(-31) }).where(eq(challenges.id, old));

    const uids = (await readFeed(path)).calendar.events.map((e) => e.uid);
    expect(uids).toEqual([`challenge-${played}@localhost`]);
    for (const id of [declined, canceledPending, pending, old]) expect(uids).not.toContain(`challenge-${id}@localhost`);
  });

  it("never shows another team's events, whoever's token it is", async () => {
    const { a, b, capA, capB } = await pair();
    const c = await createTeam(t.db);
    const d = await createTeam(t.db);
    const capC = await t.signedIn(c.captain.username);
    const ab = await challenge(capA, b);
    await capB.patch(`/api/challenges/${ab}`).send({ status: "accepted" });
    const cd = await challenge(capC, d);
    await (await t.signedIn(d.captain.username)).patch(`/api/challenges/${cd}`).send({ status: "accepted" });

    const feeds = {
      [a.team.id]: await feedPath(capA),
      [b.team.id]: await feedPath(capB),
      [c.team.id]: await feedPath(capC),
      [d.team.id]: await feedPath(await t.signedIn(d.partner.username)),
    };
    const expected: Record<number, string[]> = {
      [a.team.id]: [`challenge-${ab}@localhost`],
      [b.team.id]: [`challenge-${ab}@localhost`],
      [c.team.id]: [`challenge-${cd}@localhost`],
      [d.team.id]: [`challenge-${cd}@localhost`],
    };
    for (const [teamId, path] of Object.entries(feeds)) {
      const { calendar, res } = await readFeed(path);
      expect(calendar.events.map((e) => e.uid)).toEqual(expected[Number(teamId)]);
      const other = Number(teamId) === a.team.id || Number(teamId) === b.team.id ? [c, d] : [a, b];
      for (const team of other) expect(res.body as string).not.toContain(team.team.name);
    }
    // A token is only ever its own member's: the same path read again (and by a signed-in member of
    // another team) answers the same feed.
    const viaOtherSession = await asText(capC.get(feeds[a.team.id]!));
    expect(parseIcs(viaOtherSession.body as string).events.map((e) => e.uid)).toEqual([`challenge-${ab}@localhost`]);
  });

  it("answers 404 once the link is reset, and for a suspended member; the database keeps only the token's hash", async () => {
    const { a, capA } = await pair();
    const first = await feedPath(capA);
    expect((await t.request.get(first)).status).toBe(200);
    const shown = await capA.get("/api/calendar-feed");
    expect(new URL(shown.body.url).pathname).toBe(first);

    const second = await feedPath(capA);
    expect(second).not.toBe(first);
    const gone = await t.request.get(first);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("This calendar link is not valid (it may have been reset).");
    expect((await t.request.get(second)).status).toBe(200);
    expect(new URL((await capA.get("/api/calendar-feed")).body.url).pathname).toBe(second);

    const token = second.slice("/api/calendar/".length, -".ics".length);
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, a.captain.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    await t.db.update(users).set({ isSuspended: true, suspensionReason: "test" }).where(eq(users.id, a.captain.id));
    expect((await t.request.get(second)).status).toBe(404);
    for (const bad of ["/api/calendar/short.ics", `/api/calendar/${"x".repeat(43)}.ics`, `/api/calendar/${token}`]) {
      expect((await t.request.get(bad)).status, bad).toBe(404);
    }
  });

  it("a member without a feed has none to show; signed out, the address routes answer 401", async () => {
    const { capA } = await pair();
    expect((await capA.get("/api/calendar-feed")).body).toEqual({ url: null, webcalUrl: null });
    expect((await t.request.get("/api/calendar-feed")).status).toBe(401);
    expect((await t.request.post("/api/calendar-feed").send({})).status).toBe(401);
  });

  it("answers 304 to If-None-Match while nothing changed, without database work; a change gives a new ETag", async () => {
    const { capA, b, capB } = await pair();
    const path = await feedPath(capA);
    const first = await t.request.get(path);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");

    const execute = vi.spyOn(t.db, "execute");
    const select = vi.spyOn(t.db, "select");
    const again = await t.request.get(path).set("If-None-Match", etag);
    expect(again.status).toBe(304);
    expect(again.text ?? "").toBe("");
    expect(await t.request.get(path).set("If-None-Match", `W/${etag}`).then((r) => r.status)).toBe(304);
    expect(execute).not.toHaveBeenCalled();
    expect(select).not.toHaveBeenCalled();
    vi.restoreAllMocks();

    // An unrelated write empties the cache: one rebuild, the same content, the same ETag (still 304).
    await createTeam(t.db);
    expect((await t.request.get(path).set("If-None-Match", etag)).status).toBe(304);

    const id = await challenge(capA, b);
    await capB.patch(`/api/challenges/${id}`).send({ status: "accepted" });
    const changed = await t.request.get(path).set("If-None-Match", etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("counts only tokens of no feed against the address; over the limit it answers 429, while a live feed kept in memory still answers", async () => {
    const { capA } = await pair();
    const path = await feedPath(capA);
    expect((await t.request.get(path)).status).toBe(200);
    const keys = ["127.0.0.1", "::ffff:127.0.0.1"].map((ip) => ipKey("calendar-feed", ip));
    const counted = async () => {
      const res = await t.db.execute(sql`select coalesce(sum(count), 0)::int as n from rate_limits where key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
      return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    const before = await counted();
    expect((await t.request.get(path)).status).toBe(200);
    expect(await counted()).toBe(before);
    expect((await t.request.get(`/api/calendar/${"Q".repeat(43)}.ics`)).status).toBe(404);
    expect(await counted()).toBe(before + 1);

    // An address at the limit (set directly: 20 misses are slow on a busy machine).
    for (const key of keys) {
      await t.db.execute(sql`insert into rate_limits (key, count, reset_at) values (${key}, ${t.env.AUTH_RATE_LIMIT_MAX}, now() + interval '15 minutes')
        on conflict (key) do update set count = ${t.env.AUTH_RATE_LIMIT_MAX}, reset_at = now() + interval '15 minutes'`);
    }
    const refused = await t.request.get(`/api/calendar/${"R".repeat(43)}.ics`);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect((await t.request.get(path)).status).toBe(200);
  });
});
