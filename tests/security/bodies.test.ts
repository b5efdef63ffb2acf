// Request bodies are read only after the caller is known to be allowed to send them (issue 12 item 1,
// docs/decisions/017-route-helper-body-after-guard.md). Table-driven over the app's route table
// (server/lib/route.ts), so a new route is covered the day it is added:
// - every route that refuses some callers refuses them, with a body that is huge, never ends, is a
//   gzip bomb or nests deeply, by its guard's 401/403 WITHOUT reading it: the helper's count of
//   bodies read does not move, and a body that never ends still gets its answer (if the server
//   waited for the body, the request would hang and the test time out);
// - every route with a rate limit refuses an address over its limit (429) without reading the body;
// - an allowed caller's oversize, never-ending, inflating or too-deep body is refused by the route's
//   own limits (413 / 400 with a clear message) and the server stays healthy;
// - the issue's attack (sixteen anonymous 24 MB bodies and gzip bombs at the restore route at once)
//   leaves memory flat.
import http from "node:http";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useServedTestApp, type TestApp } from "../helpers/app";
import { createAdmin, createTeam, PASSWORD, type TeamFixture } from "../helpers/factories";
import { signInCookie, type Served } from "./http";
import { bodyReads, DEFAULT_BODY_LIMIT, routeTable, type Guard, type RouteInfo } from "../../server/lib/route";
import { registration } from "../../server/modules/accounts/accounts.fixtures";
import { ipKey } from "../../server/lib/rate-limit";
import type { User } from "@shared/schema";

let t: TestApp;
let served: Served;
let routes: (RouteInfo & { fullPath: string })[];
let captain: TeamFixture;
let unverified: TeamFixture;
let pending: TeamFixture;
let admin: User;
const cookies: Record<string, string> = {};

/** The largest inflated size any route allows is 32 KB (the restore, 25 MB in tests, is never inflated): the bomb inflates past both. */
const BOMB_INFLATED = 40 * 1024 * 1024;
let bomb: Buffer;

useServedTestApp((app, server) => ((t = app), (served = server)));
beforeAll(async () => {
  routes = routeTable(t.app)
    .filter((r) => r.info !== undefined && r.info.method !== "get")
    .map((r) => ({ ...r.info!, fullPath: r.fullPath }));
  [captain, unverified, pending] = await Promise.all([
    createTeam(t.db),
    createTeam(t.db, { approved: false, verified: false }),
    createTeam(t.db, { approved: false }),
  ]);
  admin = await createAdmin(t.db);
  cookies.captain = await signInCookie(served.base, captain.captain.username!, PASSWORD);
  cookies.partner = await signInCookie(served.base, captain.partner.username!, PASSWORD);
  cookies.unverified = await signInCookie(served.base, unverified.captain.username!, PASSWORD);
  cookies.pending = await signInCookie(served.base, pending.captain.username!, PASSWORD);
  cookies.admin = await signInCookie(served.base, admin.username!, PASSWORD);
  // Like the issue's: a few tens of KB of gzip that inflate to tens of MB of one character.
  bomb = zlib.gzipSync(Buffer.alloc(BOMB_INFLATED, "["), { level: 9 });
});

interface Answer {
  status: number;
  body: { message?: string; code?: string } | undefined;
  /** The answer's Connection header. */
  connection: string | undefined;
}

interface RawCall {
  cookie?: string | undefined;
  headers?: Record<string, string | number>;
  /** Sent in order; the request is ended after them unless `end` is false (a body that never ends). */
  chunks: Buffer[];
  end: boolean;
}

/**
 * One request on its own connection, written by hand: headers, then the chunks, then (maybe) the
 * end. Resolves with the answer as soon as it arrives, whether or not the body was finished.
 */
function rawCall(method: string, path: string, o: RawCall): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(served.base + path);
    // Say how the body is framed (Node sends DELETE bodies unframed unless told).
    const framing: Record<string, string | number> = {};
    const declared = Object.keys(o.headers ?? {}).some((h) => h === "content-length" || h === "transfer-encoding");
    if (!declared && o.chunks.length > 0) {
      if (o.end) framing["content-length"] = o.chunks.reduce((n, c) => n + c.length, 0);
      else framing["transfer-encoding"] = "chunked";
    }
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method,
      agent: false,
      headers: { "content-type": "application/json", ...(o.cookie ? { cookie: o.cookie } : {}), ...framing, ...o.headers },
    });
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        let body: Answer["body"];
        try {
          body = JSON.parse(text) as Answer["body"];
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
        req.destroy();
      });
    });
    // The server may close the connection while a never-ending body is still being written.
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code !== "ECONNRESET" && err.code !== "EPIPE") reject(err);
    });
    for (const chunk of o.chunks) req.write(chunk);
    if (o.end) req.end();
  });
}

/** A well-formed token of each kind (an unsubscribe link names a member and a category, server/mail/unsubscribe.ts). */
const tokenFor = (path: string) => (path.startsWith("/api/unsubscribe/") ? `1.results.${"A".repeat(43)}` : "A".repeat(43));
const concrete = (path: string) => path.replace(/:token/g, tokenFor(path)).replace(/:[A-Za-z]+/g, "1");
/** The query a route requires (checked before its body: without it an allowed caller gets that 400). */
const REQUIRED_QUERY: Record<string, string> = {
  "post /api/admin/import-backup": "?mode=merge",
  "post /api/admin/backups/:name/restore": "?mode=merge",
};
const target = (r: { method: string; fullPath: string }) => concrete(r.fullPath) + (REQUIRED_QUERY[`${r.method} ${r.fullPath}`] ?? "");

interface BodyCase {
  name: string;
  /** Built for a route whose inflated limit is `limit` bytes. */
  call: (limit: number, maxDepth: number) => Omit<RawCall, "cookie">;
}

const KB64 = Buffer.alloc(64 * 1024, "[");
const deep = (levels: number) => Buffer.from(`{"x":${"[".repeat(levels)}${"]".repeat(levels)}}`);

/** Bodies no one should be able to make the server read before it knows who is calling. */
const hostileBodies: BodyCase[] = [
  { name: "declares 1 GB, sends 64 KB and stops", call: () => ({ headers: { "content-length": 1024 ** 3 }, chunks: [KB64], end: false }) },
  { name: "chunked and never ends", call: () => ({ headers: { "transfer-encoding": "chunked" }, chunks: [KB64], end: false }) },
  { name: `gzip bomb (inflates to ${BOMB_INFLATED / 1024 / 1024} MB)`, call: () => ({ headers: { "content-encoding": "gzip", "content-length": bomb.length }, chunks: [bomb], end: true }) },
  { name: "200,000 levels deep", call: () => ({ chunks: [deep(200_000)], end: true }) },
];

/**
 * The refusal the route's own limits give an allowed caller. A route that declares its own 413
 * message (tooLargeMessage) answers with it; a streamed body (body: "stream", the restore) is never
 * inflated, so a compressed one is refused (415) before a byte of it is read.
 */
const limitCases: (BodyCase & { status: number; message: RegExp; streamed?: { status: number; message: RegExp } })[] = [
  {
    name: "one byte over its limit",
    call: (limit) => ({ chunks: [Buffer.from(`{"x":"${"a".repeat(limit - 7)}"}`)], end: true }),
    status: 413,
    message: /^The request body is too large \(at most \d+ (KB|MB)\)\.$/,
  },
  {
    name: "declares more than its limit and never sends it",
    call: (limit) => ({ headers: { "content-length": limit + 1 }, chunks: [Buffer.from("{")], end: false }),
    status: 413,
    message: /too large/,
  },
  {
    name: "chunked and never ends (read up to its limit, then refused)",
    call: (limit) => ({ headers: { "transfer-encoding": "chunked" }, chunks: [Buffer.alloc(limit + 1, " ")], end: false }),
    status: 413,
    message: /too large/,
  },
  {
    name: "gzip bomb",
    call: () => ({ headers: { "content-encoding": "gzip", "content-length": bomb.length }, chunks: [bomb], end: true }),
    status: 413,
    message: /too large/,
    streamed: { status: 415, message: /^Unsupported request encoding: send it uncompressed\.$/ },
  },
  {
    name: "one level deeper than it allows",
    call: (_limit, maxDepth) => ({ chunks: [deep(maxDepth)], end: true }),
    status: 400,
    message: /^The request body is nested too deeply \(at most \d+ levels\)\.$/,
  },
];

/** The callers a guard refuses, and with what. */
const refusedCallers: Record<Guard, { caller: string; status: number }[]> = {
  public: [],
  token: [],
  signedIn: [{ caller: "anonymous", status: 401 }],
  verified: [
    { caller: "anonymous", status: 401 },
    { caller: "unverified", status: 403 },
  ],
  participant: [
    { caller: "anonymous", status: 401 },
    { caller: "pending", status: 403 },
  ],
  captain: [
    { caller: "anonymous", status: 401 },
    { caller: "partner", status: 403 },
  ],
  admin: [
    { caller: "anonymous", status: 401 },
    { caller: "captain", status: 403 },
  ],
  adminAnyFactor: [
    { caller: "anonymous", status: 401 },
    { caller: "captain", status: 403 },
  ],
};

/** A caller the guard lets through. */
const allowedCaller: Record<Guard, string> = {
  public: "anonymous",
  token: "anonymous",
  signedIn: "captain",
  verified: "captain",
  participant: "captain",
  captain: "captain",
  admin: "admin",
  adminAnyFactor: "admin",
};

const figures = { refusedUnread: 0, rateLimitedUnread: 0, limitRefusals: 0 };

describe("request bodies: nothing is read before the caller may send it", () => {
  it("the route table lists every mutating route, each with a guard and limits", () => {
    const guarded = routes.filter((r) => refusedCallers[r.guard].length > 0);
    console.log(
      `bodies: ${routes.length} mutating routes (${routes.filter((r) => r.takesBody).length} take a body), ${guarded.length} guarded, ${routes.filter((r) => r.rateLimit).length} rate limited`,
    );
    expect(routes.length).toBeGreaterThan(30);
    expect(guarded.length).toBeGreaterThan(20);
    for (const r of routes) {
      expect(r.bodyLimit, `${r.method} ${r.fullPath}`).toBeGreaterThan(0);
      expect(r.maxDepth, `${r.method} ${r.fullPath}`).toBeGreaterThan(0);
    }
    // The restore reads its body itself, as a stream: still declared with route(), behind the admin guard.
    const streamed = routes.filter((r) => r.streamed);
    expect(streamed.map((r) => `${r.method} ${r.fullPath} ${r.guard}`)).toEqual(["post /api/admin/import-backup admin"]);
  });

  it("a caller the guard refuses gets 401/403 for a hostile body, and not a byte of it is read", async () => {
    for (const r of routes) {
      for (const { caller, status } of refusedCallers[r.guard]) {
        for (const c of hostileBodies) {
          const before = bodyReads.started;
          const res = await rawCall(r.method.toUpperCase(), target(r), { cookie: cookies[caller], ...c.call(r.bodyLimit, r.maxDepth) });
          const where = `${r.method.toUpperCase()} ${r.fullPath} as ${caller}, ${c.name}`;
          expect(res.status, where).toBe(status);
          expect(res.body?.message, where).toBeTruthy();
          expect(bodyReads.started - before, `${where}: bodies read`).toBe(0);
          // Not read, and not left to be read and discarded either: the connection closes.
          if (c.call(r.bodyLimit, r.maxDepth).end === false) expect(res.connection, where).toBe("close");
          figures.refusedUnread++;
        }
      }
    }
    console.log(`bodies: ${figures.refusedUnread} hostile bodies refused by the guard, 0 read`);
    expect(figures.refusedUnread).toBeGreaterThan(100);
  }, 120_000);

  it("a refusal of a request without a body keeps the connection open", async () => {
    const res = await rawCall("POST", "/api/admin/reset-data", { headers: { connection: "keep-alive" }, chunks: [], end: true });
    expect(res.status).toBe(401);
    expect(res.connection).toBe("keep-alive");
  });

  it("an address over a route's rate limit gets 429 without its body being read", async () => {
    const limited = routes.filter((r) => r.rateLimit);
    expect(limited.length).toBeGreaterThan(8);
    for (const r of limited) {
      const keys = ["127.0.0.1", "::ffff:127.0.0.1"].map((ip) => ipKey(r.rateLimit!, ip));
      const over = t.env.AUTH_RATE_LIMIT_MAX;
      for (const key of keys) {
        await t.db.execute(sql`insert into rate_limits (key, count, reset_at) values (${key}, ${over}, now() + interval '15 minutes')
          on conflict (key) do update set count = ${over}, reset_at = now() + interval '15 minutes'`);
      }
      try {
        const caller = allowedCaller[r.guard];
        const before = bodyReads.started;
        const res = await rawCall(r.method.toUpperCase(), target(r), { cookie: cookies[caller], ...hostileBodies[1]!.call(r.bodyLimit, r.maxDepth) });
        const where = `${r.method.toUpperCase()} ${r.fullPath} (limit ${r.rateLimit})`;
        expect(res.status, where).toBe(429);
        expect(bodyReads.started - before, `${where}: bodies read`).toBe(0);
        figures.rateLimitedUnread++;
      } finally {
        await t.db.execute(sql`delete from rate_limits where key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`);
      }
    }
    console.log(`bodies: ${figures.rateLimitedUnread} rate-limited routes refuse an address over its limit with the body unread`);
  });

  it("an allowed caller's oversize, endless, inflating or too-deep body is refused by the route's limits with a clear message", async () => {
    for (const r of routes) {
      const caller = allowedCaller[r.guard];
      for (const c of limitCases) {
        const before = bodyReads.bytes;
        const res = await rawCall(r.method.toUpperCase(), target(r), { cookie: cookies[caller], ...c.call(r.bodyLimit, r.maxDepth) });
        const where = `${r.method.toUpperCase()} ${r.fullPath} as ${caller}, ${c.name}`;
        const expected = (r.streamed && c.streamed) || c;
        expect(res.status, where).toBe(expected.status);
        if (expected.status === 413 && r.tooLargeMessage) expect(res.body?.message, where).toBe(r.tooLargeMessage);
        else expect(res.body?.message, where).toMatch(expected.message);
        // Never more than the limit is read (a streamed body is read by its handler through the helper's counter).
        expect(bodyReads.bytes - before, `${where}: bytes read`).toBeLessThanOrEqual(r.bodyLimit + 64 * 1024);
        figures.limitRefusals++;
      }
    }
    const health = await rawCall("GET", "/api/health", { chunks: [], end: true });
    expect(health.status).toBe(200);
    console.log(`bodies: ${figures.limitRefusals} over-limit bodies of allowed callers refused (413/415/400), health still 200`);
  }, 240_000);

  it("the largest valid registration (every field at its longest, in characters JSON escapes) fits the default limit", async () => {
    const url = (n: number) => `https://example.test/${"\u00e9".repeat(n - 21)}`;
    const body = registration({
      name: `${"\u00e9\"".repeat(50)}`,
      teamName: `${"\u00e9\"".repeat(50)}`,
      partnerName: `${"\u00e9\"".repeat(50)}`,
      avatar: url(2000),
      teamAvatar: url(2000),
      teamBio: "\u0001".repeat(1000),
    });
    const raw = Buffer.from(JSON.stringify(body));
    console.log(`bodies: the largest valid registration is ${raw.length} bytes; the default limit ${DEFAULT_BODY_LIMIT}`);
    expect(raw.length).toBeGreaterThan(12 * 1024);
    expect(raw.length).toBeLessThan(DEFAULT_BODY_LIMIT);
    const res = await rawCall("POST", "/api/register-team", { chunks: [raw], end: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("sixteen anonymous 24 MB bodies and sixteen gzip bombs at the restore route at once: all 401, none read, memory flat, health answers", async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const before = bodyReads.started;
    const path = "/api/admin/import-backup";
    const calls = [
      ...Array.from({ length: 16 }, () => rawCall("POST", path, { headers: { "content-length": 24 * 1024 * 1024 }, chunks: [KB64, KB64], end: false })),
      ...Array.from({ length: 16 }, () => rawCall("POST", path, { headers: { "content-encoding": "gzip", "content-length": bomb.length }, chunks: [bomb], end: true })),
    ];
    const health = rawCall("GET", "/api/health", { chunks: [], end: true });
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 401));
    expect((await health).status).toBe(200);
    expect(bodyReads.started - before).toBe(0);
    const grownMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    console.log(`bodies: 32 anonymous restore attacks refused unread; RSS grew ${grownMb.toFixed(1)} MB (test client and server in one process)`);
    // Before: two bombs took 2.6 GB. The client's own buffers are most of what is left.
    expect(grownMb).toBeLessThan(150);
  });
});
