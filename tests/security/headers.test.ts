// Suite 5 (issue 7), server side: CSRF and response headers.
// - Every mutating route, forged as a browser on another site would send it but WITH a live session
//   cookie forced on (what SameSite=Lax normally withholds): refused with 403, database unchanged.
// - Bodies that are not JSON (text/plain, form-urlencoded, multipart): 415, database unchanged.
// - Headers on index.html, a built asset, an API 200, 404 and 500, and a preflight from another
//   origin: the CSP, nosniff, Referrer-Policy, no-store on /api, and no CORS grant anywhere.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import {
  authTokens,
  challenges,
  disputes,
  matches,
  rateLimits,
  sessions,
  systemSettings,
  teams,
  users,
} from "@shared/schema";
import { createApp } from "../../server/app";
import type { AppDeps } from "../../server/deps";
import { issueToken } from "../../server/auth/tokens";
import { createTestApp, TEST_APP_URL, type TestApp } from "../helpers/app";
import { createAdmin, createTeam, PASSWORD, type TeamFixture } from "../helpers/factories";
import { acceptedChallenge, reportedMatch } from "../../server/modules/matches/matches.fixtures";
import { listRoutes } from "./helpers";
import { CSRF_EXEMPT_ROUTES, formFields, mutatingCalls, type MutatingCall } from "./csrf-calls";

const OTHER_SITE = "http://127.0.0.1:47613";
/** Same site as the app (localhost), another port: SameSite=Lax cookies DO ride along from here. */
const SIBLING = "http://localhost:47614";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let t: TestApp;
let a: TeamFixture;
let b: TeamFixture;
let calls: MutatingCall[];
const cookie = { captain: "", admin: "" };

async function login(username: string): Promise<string> {
  const res = await supertest(t.app).post("/api/login").send({ username, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const raw = res.headers["set-cookie"] as unknown as string[] | undefined;
  const c = (raw ?? []).find((s) => s.startsWith("dl.sid="));
  if (!c) throw new Error(`no session cookie for ${username}`);
  return c.split(";")[0]!;
}

/** Every row the API can change (sessions and rate-limit counters too), in a stable order. */
async function snapshot() {
  const db = t.db;
  return {
    teams: await db.select().from(teams).orderBy(asc(teams.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    challenges: await db.select().from(challenges).orderBy(asc(challenges.id)),
    matches: await db.select().from(matches).orderBy(asc(matches.id)),
    disputes: await db.select().from(disputes).orderBy(asc(disputes.id)),
    settings: await db.select().from(systemSettings).orderBy(asc(systemSettings.id)),
    tokens: await db.select().from(authTokens).orderBy(asc(authTokens.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.sid)),
    rateLimits: await db.select().from(rateLimits).orderBy(asc(rateLimits.key)),
  };
}

type Body = { kind: "json"; value: unknown } | { kind: "raw"; type: string; value: string } | { kind: "none" };

function send(app: TestApp["app"], c: MutatingCall, headers: Record<string, string>, body: Body) {
  let req = supertest(app)[c.method.toLowerCase() as "post" | "put" | "patch" | "delete"](c.path);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  if (body.kind === "json") return req.set("Content-Type", "application/json").send(JSON.stringify(body.value));
  if (body.kind === "raw") return req.set("Content-Type", body.type).send(body.value);
  return req.send();
}

const jsonBody = (c: MutatingCall): Body => (c.body === undefined ? { kind: "none" } : { kind: "json", value: c.body });
const sessionOf = (c: MutatingCall) => (c.as === "admin" ? cookie.admin : cookie.captain);

/** How a cross-site page (or a same-site sibling on another port) makes the browser send a call. */
const FORGERIES: { name: string; headers: Record<string, string> }[] = [
  { name: "fetch/form from another site (Origin + Sec-Fetch-Site: cross-site)", headers: { Origin: OTHER_SITE, "Sec-Fetch-Site": "cross-site" } },
  { name: "Sec-Fetch-Site: cross-site, no Origin", headers: { "Sec-Fetch-Site": "cross-site" } },
  { name: "another site's Origin, no Fetch Metadata (older browser)", headers: { Origin: OTHER_SITE } },
  { name: "Origin: null (sandboxed iframe, data: URL)", headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" } },
  { name: "a sibling on the same site (cookies sent), Sec-Fetch-Site: same-site", headers: { Origin: SIBLING, "Sec-Fetch-Site": "same-site" } },
  { name: "a sibling on the same site, no Fetch Metadata", headers: { Origin: SIBLING } },
];

/** The headers the app's own pages send. */
const SAME_ORIGIN = { Origin: TEST_APP_URL, "Sec-Fetch-Site": "same-origin" };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTeam(t.db, { competitionType: "Mixed Doubles" });
  b = await createTeam(t.db, { competitionType: "Mixed Doubles" });
  const c = await createTeam(t.db, { competitionType: "Mixed Doubles" });
  const pending = await createTeam(t.db, { approved: false, verified: true });
  const admin = await createAdmin(t.db);
  cookie.captain = await login(a.captain.username!);
  cookie.admin = await login(admin.username!);

  // Live targets, so a forgery that got through would change something: a pending challenge A→C, a
  // match B reported against A (awaiting A's approval, with its emailed token), a disputed match.
  const challenge = await acceptedChallenge(t.db, a.team, c.team, "grass", "pending");
  const reported = await reportedMatch(t.db, { reporter: { team: b.team, captainId: b.captain.id }, opponent: a.team });
  const toDispute = await reportedMatch(t.db, { reporter: { team: b.team, captainId: b.captain.id }, opponent: a.team, surface: "beach" });
  const disputed = await supertest(t.app)
    .post(`/api/matches/${toDispute.match.id}/dispute`)
    .set("Cookie", cookie.captain)
    .set(SAME_ORIGIN)
    .send({ reason: "The score was 6-4 6-4, not this." });
  expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
  const [dispute] = await t.db.select().from(disputes);
  const header = await supertest(t.app)
    .post("/api/settings/header-image")
    .set("Cookie", cookie.admin)
    .set(SAME_ORIGIN)
    .send({ url: "https://images.example/court.jpg" });
  expect(header.status, JSON.stringify(header.body)).toBe(200);

  calls = mutatingCalls({
    ownTeamId: a.team.id,
    otherTeamId: b.team.id,
    challengeId: challenge.id,
    matchId: reported.match.id,
    disputeId: dispute!.id,
    userId: pending.captain.id,
    tokens: {
      verify: await issueToken(t.db, { purpose: "email_verification", userId: pending.partner.id }),
      invite: await issueToken(t.db, { purpose: "partner_invite", userId: a.partner.id }),
      reset: await issueToken(t.db, { purpose: "password_reset", userId: a.captain.id }),
      match: reported.token,
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe("CSRF: forged mutating calls with a live session cookie", () => {
  it("the list of forged calls covers every mutating route of the router", () => {
    const routes = listRoutes(t.app).filter((r) => MUTATING.has(r.method));
    const covered = new Set(calls.map((c) => `${c.method} ${c.route}`));
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((r) => !covered.has(r) && !(r in CSRF_EXEMPT_ROUTES));
    expect(missing, "mutating routes missing from tests/security/csrf-calls.ts").toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it("refuses each with 403 before it reaches the route, and changes nothing", async () => {
    const before = await snapshot();
    const accepted: string[] = [];
    let sent = 0;
    for (const c of calls) {
      for (const f of FORGERIES) {
        const res = await send(t.app, c, { ...f.headers, Cookie: sessionOf(c) }, jsonBody(c));
        sent++;
        if (res.status !== 403 || res.body.code !== "cross_site") accepted.push(`${c.method} ${c.path} [${f.name}] → ${res.status} ${JSON.stringify(res.body)}`);
        expect(res.body.message).toBe("Cross-site requests are not allowed.");
      }
      // A form post from another site (the content type a form can send) is refused as cross-site too.
      const form = await send(t.app, c, { Origin: OTHER_SITE, "Sec-Fetch-Site": "cross-site", Cookie: sessionOf(c) }, {
        kind: "raw",
        type: "application/x-www-form-urlencoded",
        value: new URLSearchParams(formFields(c.body)).toString() || "x=1",
      });
      sent++;
      if (form.status !== 403) accepted.push(`${c.method} ${c.path} [cross-site form] → ${form.status}`);
    }
    expect(accepted).toEqual([]);
    expect(await snapshot()).toEqual(before);
    console.log(`csrf (server): ${sent} forged mutating requests over ${calls.length} routes, each with a live session cookie, ${accepted.length} accepted; database unchanged`);
  });

  it("refuses cross-site before reading the body (broken JSON, an oversized body: still 403)", async () => {
    const cross = { Origin: OTHER_SITE, "Sec-Fetch-Site": "cross-site", Cookie: cookie.captain };
    const broken = await supertest(t.app).post("/api/logout").set(cross).set("Content-Type", "application/json").send('{"x": ');
    expect(broken.status).toBe(403);
    const big = await supertest(t.app)
      .post("/api/admin/import-backup")
      .set({ ...cross, Cookie: cookie.admin })
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) }));
    expect(big.status).toBe(403);
  });

  it("the sessions the forgeries rode on still work, and the same calls from the app's own origin are served", async () => {
    const me = await supertest(t.app).get("/api/user").set("Cookie", cookie.captain);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(a.captain.username);
    const adminMe = await supertest(t.app).get("/api/user").set("Cookie", cookie.admin);
    expect(adminMe.status).toBe(200);

    // Positive controls: the guard is what refused them, not a broken cookie or body.
    const rename = await supertest(t.app).put(`/api/teams/${a.team.id}`).set("Cookie", cookie.captain).set(SAME_ORIGIN).send({ name: "Renamed Legitimately" });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    // No Fetch Metadata and no Origin: a non-browser client (curl, the server's own tests) is served.
    const image = await supertest(t.app).post("/api/settings/header-image").set("Cookie", cookie.admin).send({ url: "https://images.example/new.jpg" });
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    const read = await supertest(t.app).get("/api/settings/header-image");
    expect(read.body.url).toBe("https://images.example/new.jpg");
  });
});

describe("CSRF: mutating calls take application/json only", () => {
  it("answers 415 to text/plain, form-urlencoded and multipart bodies on every mutating route, changing nothing", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    let sent = 0;
    for (const c of calls) {
      const fields = formFields(c.body);
      const bodies: Body[] = [
        { kind: "raw", type: "text/plain", value: JSON.stringify(c.body ?? {}) },
        { kind: "raw", type: "text/plain;charset=UTF-8", value: JSON.stringify(c.body ?? {}) },
        { kind: "raw", type: "application/x-www-form-urlencoded", value: new URLSearchParams(fields).toString() || "x=1" },
        {
          kind: "raw",
          type: "multipart/form-data; boundary=csrfboundary",
          value:
            Object.entries({ x: "1", ...fields })
              .map(([k, v]) => `--csrfboundary\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
              .join("") + "--csrfboundary--\r\n",
        },
      ];
      for (const body of bodies) {
        // From the app's own origin with a live session: only the content type is wrong.
        const res = await send(t.app, c, { ...SAME_ORIGIN, Cookie: sessionOf(c) }, body);
        sent++;
        if (res.status !== 415) wrong.push(`${c.method} ${c.path} [${body.kind === "raw" ? body.type : ""}] → ${res.status} ${JSON.stringify(res.body)}`);
        else expect(res.body.message).toBe("Requests must be sent as application/json.");
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    console.log(`csrf (server): ${sent} non-JSON bodies (text/plain, form-urlencoded, multipart) on ${calls.length} mutating routes, ${sent - wrong.length} answered 415`);
  });

  it("a body without any Content-Type is refused too (fetch with a Blob body sends none)", async () => {
    const res = await supertest(t.app)
      .put(`/api/teams/${a.team.id}`)
      .set("Cookie", cookie.captain)
      .set(SAME_ORIGIN)
      .set("Content-Type", "")
      .send(Buffer.from(JSON.stringify({ name: "No Type" })));
    expect([415]).toContain(res.status);
  });
});

describe("response headers", () => {
  let staticDir: string;
  let web: ReturnType<typeof createApp>;
  let broken: ReturnType<typeof createApp>;
  const ASSET = "/assets/index-Bx12csrf.js";

  beforeAll(() => {
    // A built SPA in miniature: index.html loading one hashed asset, as `vite build` leaves it.
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-headers-"));
    fs.mkdirSync(path.join(staticDir, "assets"));
    fs.writeFileSync(
      path.join(staticDir, "index.html"),
      `<!doctype html><html><head><script type="module" crossorigin src="${ASSET}"></script></head><body><div id="root"></div></body></html>`,
    );
    fs.writeFileSync(path.join(staticDir, ASSET.slice(1)), "console.log('app');\n");
    // The installable app's files at the root (vite-plugin-pwa writes them there).
    fs.writeFileSync(path.join(staticDir, "sw.js"), "self.addEventListener('install', () => undefined);\n");
    fs.writeFileSync(path.join(staticDir, "manifest.webmanifest"), JSON.stringify({ name: "Doubles Ladder", display: "standalone" }));
    fs.writeFileSync(path.join(staticDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    web = createApp(t.deps, { staticDir, sessionPruneMinutes: false });
    // The same app with its database handle broken: any query throws, so a route answers 500.
    const failingDb = new Proxy({}, {
      get() {
        throw new Error("database unavailable (headers test)");
      },
    }) as AppDeps["db"];
    broken = createApp({ ...t.deps, db: failingDb }, { sessionPruneMinutes: false });
  });

  afterAll(() => {
    web?.close();
    broken?.close();
    if (staticDir) fs.rmSync(staticDir, { recursive: true, force: true });
  });

  function expectSecurityHeaders(res: supertest.Response, what: string) {
    const h = res.headers;
    const csp = String(h["content-security-policy"] ?? "");
    const directives = new Map(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name!, values]),
    );
    expect(directives.get("script-src"), `${what}: script-src`).toEqual(["'self'"]);
    expect(directives.get("object-src"), `${what}: object-src`).toEqual(["'none'"]);
    expect(directives.get("base-uri"), `${what}: base-uri`).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
    expect(directives.get("default-src"), `${what}: default-src`).toEqual(["'self'"]);
    expect(h["x-frame-options"], `${what}: X-Frame-Options`).toBe("DENY");
    expect(h["x-content-type-options"], `${what}: nosniff`).toBe("nosniff");
    expect(h["referrer-policy"], `${what}: Referrer-Policy`).toMatch(/^(same-origin|no-referrer|strict-origin|strict-origin-when-cross-origin)$/);
    expect(h["x-powered-by"], `${what}: X-Powered-By`).toBeUndefined();
    expectNoCorsGrant(res, what);
  }

  function expectNoCorsGrant(res: supertest.Response, what: string) {
    for (const name of Object.keys(res.headers)) {
      expect(name.startsWith("access-control-allow-"), `${what}: ${name}: ${res.headers[name]}`).toBe(false);
    }
  }

  it("index.html (and an SPA route): CSP, nosniff, Referrer-Policy, revalidated, no CORS", async () => {
    for (const p of ["/", "/admin"]) {
      const res = await supertest(web.app).get(p).set("Origin", OTHER_SITE);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expectSecurityHeaders(res, `GET ${p}`);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("a built asset: the same headers, cached as immutable", async () => {
    const res = await supertest(web.app).get(ASSET).set("Origin", OTHER_SITE);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expectSecurityHeaders(res, `GET ${ASSET}`);
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    const missing = await supertest(web.app).get("/assets/nope.js");
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, "GET /assets/nope.js");
  });

  it("the service worker and the manifest: revalidated on every visit (never the year-long cache), the CSP lets the page use them", async () => {
    for (const [p, type] of [["/sw.js", /javascript/], ["/manifest.webmanifest", /^application\/manifest\+json/]] as const) {
      const res = await supertest(web.app).get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers["content-type"], p).toMatch(type);
      expect(res.headers["cache-control"], `${p}: Cache-Control`).toBe("no-cache");
      expectSecurityHeaders(res, `GET ${p}`);
    }
    // Other root files keep their hour.
    const logo = await supertest(web.app).get("/favicon.svg");
    expect(logo.headers["cache-control"]).toBe("public, max-age=3600");
    const csp = String((await supertest(web.app).get("/")).headers["content-security-policy"]);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("/api answers 200, 401, 403, 404, 415 and 500: all no-store, all with the headers", async () => {
    const cases: [string, supertest.Response, number][] = [
      ["GET /api/health", await supertest(web.app).get("/api/health").set("Origin", OTHER_SITE), 200],
      ["GET /api/user (signed in)", await supertest(web.app).get("/api/user").set("Cookie", cookie.captain).set("Origin", OTHER_SITE), 200],
      ["GET /api/settings/header-image", await supertest(web.app).get("/api/settings/header-image"), 200],
      ["GET /api/admin/stats (signed out)", await supertest(web.app).get("/api/admin/stats"), 401],
      ["POST /api/logout cross-site", await supertest(web.app).post("/api/logout").set({ Origin: OTHER_SITE, "Sec-Fetch-Site": "cross-site" }), 403],
      ["GET /api/nope", await supertest(web.app).get("/api/nope").set("Origin", OTHER_SITE), 404],
      ["POST /api/login text/plain", await supertest(web.app).post("/api/login").set("Content-Type", "text/plain").send("x"), 415],
      ["GET /api/settings/header-image (database broken)", await supertest(broken.app).get("/api/settings/header-image").set("Origin", OTHER_SITE), 500],
    ];
    for (const [what, res, status] of cases) {
      expect(res.status, what).toBe(status);
      expect(res.headers["content-type"], what).toMatch(/^application\/json/);
      expect(res.headers["cache-control"], `${what}: Cache-Control`).toBe("no-store");
      expectSecurityHeaders(res, what);
    }
    const fiveHundred = cases.at(-1)![1];
    expect(fiveHundred.body.message).toBe("Something went wrong on our side. Please try again.");
    expect(JSON.stringify(fiveHundred.body)).not.toMatch(/database unavailable|at .*\.ts/);
  });

  it("a CORS preflight from another origin gets no grant, on every mutating route", async () => {
    for (const c of calls) {
      const res = await supertest(web.app)
        .options(c.path)
        .set("Origin", OTHER_SITE)
        .set("Access-Control-Request-Method", c.method)
        .set("Access-Control-Request-Headers", "content-type")
        .set("Cookie", sessionOf(c));
      expectNoCorsGrant(res, `OPTIONS ${c.path}`);
      expect(res.headers["cache-control"], `OPTIONS ${c.path}`).toBe("no-store");
    }
    const root = await supertest(web.app).options("/").set("Origin", OTHER_SITE).set("Access-Control-Request-Method", "POST");
    expectNoCorsGrant(root, "OPTIONS /");
  });
});
