import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, useTestApp } from "../../../tests/helpers/app";
import { PROBLEMS } from "../../config/deployment";
import { createTeam, signIn, PASSWORD } from "../../../tests/helpers/factories";

let t: TestApp;
useTestApp((app) => (t = app));

describe("the skeleton", () => {
  it("answers health and readiness", async () => {
    const health = await t.request.get("/api/health");
    expect(health.status).toBe(200);
    expect(health.body.status).toBe("ok");
    const ready = await t.request.get("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.database).toBe(t.testDb.url ? "pg" : "pglite");
  });

  it("answers unknown API routes with a JSON 404 and no-store", async () => {
    const res = await t.request.get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No API route/);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("sends a CSP that allows only our own scripts and no framing", async () => {
    const res = await t.request.get("/api/health");
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses non-JSON bodies on mutating calls with 415", async () => {
    const res = await t.request.post("/api/login").set("Content-Type", "text/plain").send("username=a&password=b");
    expect(res.status).toBe(415);
    expect(res.body.message).toBeTruthy();
  });

  it("refuses cross-site mutating calls", async () => {
    const res = await t.request.post("/api/logout").set("Sec-Fetch-Site", "cross-site").send({});
    expect(res.status).toBe(403);
    const res2 = await t.request.post("/api/logout").set("Origin", "http://evil.example").send({});
    expect(res2.status).toBe(403);
  });

  it("answers broken JSON with a 400 and a message, never a stack", async () => {
    const res = await t.request.post("/api/login").set("Content-Type", "application/json").send('{"username": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body is not valid JSON.");
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
  });

  it("answers a body over the limit with 413", async () => {
    const res = await t.request
      .post("/api/login")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ username: "x".repeat(2 * 1024 * 1024), password: "y" }));
    expect(res.status).toBe(413);
  });
});

describe("sessions", () => {
  it("returns 401 for /api/user when signed out and the user when signed in", async () => {
    const { captain } = await createTeam(t.db);
    const agent = t.agent();
    expect((await agent.get("/api/user")).status).toBe(401);
    await signIn(agent, captain.username, PASSWORD);
    const me = await agent.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(captain.username);
    expect(me.body).not.toHaveProperty("password");
  });

  it("stores sessions in the database and gives a new session id at sign-in", async () => {
    const { captain } = await createTeam(t.db);
    const agent = t.agent();
    const first = await agent.post("/api/login").send({ username: captain.username, password: "wrong-Password1" });
    expect(first.status).toBe(401);
    expect(first.body.message).toBe("Invalid username or password");
    const before = await t.testDb.database.raw.query('select count(*)::int as n from "session"');
    const res = await agent.post("/api/login").send({ username: captain.username, password: PASSWORD });
    const sessionCookieOf = (r: { headers: Record<string, unknown> }) =>
      ((r.headers["set-cookie"] as string[] | undefined) ?? []).find((c) => c.startsWith("dl.sid=")) ?? "";
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/dl\.sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const after = await t.testDb.database.raw.query('select count(*)::int as n from "session"');
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n) + 1);
    // A second sign-in on the same browser gets another id.
    const again = await agent.post("/api/login").send({ username: captain.username, password: PASSWORD });
    const cookie2 = sessionCookieOf(again);
    expect(cookie2.split(";")[0]).not.toBe(cookie.split(";")[0]);
  });

  it("logout destroys the session row so the old cookie is dead", async () => {
    const { captain } = await createTeam(t.db);
    const agent = t.agent();
    const login = await agent.post("/api/login").send({ username: captain.username, password: PASSWORD });
    const cookie = (((login.headers["set-cookie"] as string[] | undefined) ?? []).find((c) => c.startsWith("dl.sid=")) ?? "").split(";")[0]!;
    expect((await agent.post("/api/logout").send({})).status).toBe(200);
    const replay = await t.request.get("/api/user").set("Cookie", cookie);
    expect(replay.status).toBe(401);
  });

  it("a session that cannot be read answers 503 and survives: the same cookie works once the database answers", async () => {
    const { captain } = await createTeam(t.db);
    const agent = t.agent();
    await signIn(agent, captain.username, PASSWORD);
    const raw = (q: string) => t.testDb.database.raw.query(q);
    // The session read joins users and teams: without the table, every session read fails.
    await raw("alter table teams rename to teams_away");
    let during: Awaited<ReturnType<typeof agent.get>>;
    let write: Awaited<ReturnType<typeof agent.get>>;
    try {
      during = await agent.get("/api/user");
      write = await agent.post("/api/logout").send({});
    } finally {
      await raw("alter table teams_away rename to teams");
    }
    expect(during.status).toBe(503);
    expect(during.body.message).toBe("The service is temporarily unavailable. Please try again in a moment.");
    expect(during.headers["set-cookie"]).toBeUndefined();
    expect(write.status).toBe(503);
    const after = await agent.get("/api/user");
    expect(after.status).toBe(200);
    expect(after.body.username).toBe(captain.username);
  });
});

describe("a database that refuses writes (disk full, out of memory, read-only)", () => {
  // What PostgreSQL answers when its disk is full (53100) or it cannot write for another reason,
  // simulated by a trigger on the tables a sign-in writes: the same SQLSTATE reaches the app.
  const refuseWrites = async (code: string, message: string) => {
    const raw = (q: string) => t.testDb.database.raw.query(q);
    await raw(`create or replace function dl_test_refuse() returns trigger language plpgsql as $$
      begin raise exception '%', tg_argv[1] using errcode = tg_argv[0]; end $$`);
    for (const table of ["rate_limits", "session"])
      await raw(`create trigger dl_test_refuse before insert or update or delete on "${table}" for each statement execute function dl_test_refuse('${code}', '${message}')`);
    return async () => {
      for (const table of ["rate_limits", "session"]) await raw(`drop trigger if exists dl_test_refuse on "${table}"`);
    };
  };
  const cases = [
    { code: "53100", message: "could not extend file: No space left on device", reason: "out_of_resources", says: /out of space or memory/ },
    { code: "53200", message: "out of memory", reason: "out_of_resources", says: /out of space or memory/ },
    { code: "58030", message: "could not write to file: Input/output error", reason: "out_of_resources", says: /out of space or memory/ },
    { code: "25006", message: "cannot execute INSERT in a read-only transaction", reason: "read_only", says: /accepts only reads/ },
  ];
  for (const c of cases) {
    it(`${c.code} (${c.message}): writes answer 503 with a clear message, reads go on, and /api/ready fails until a write goes through`, async () => {
      const { captain } = await createTeam(t.db);
      const reader = t.agent();
      await signIn(reader, captain.username, PASSWORD);
      expect((await t.request.get("/api/ready")).status).toBe(200);
      const restore = await refuseWrites(c.code, c.message);
      let write: Awaited<ReturnType<typeof reader.get>>, read: Awaited<ReturnType<typeof reader.get>>, ready: Awaited<ReturnType<typeof reader.get>>;
      try {
        write = await t.agent().post("/api/login").send({ username: captain.username, password: PASSWORD });
        read = await reader.get("/api/user");
        ready = await t.request.get("/api/ready");
      } finally {
        await restore();
      }
      expect(write.status).toBe(503);
      expect(write.body.message).toMatch(c.says);
      expect(write.body.code).toBe("unavailable");
      expect(JSON.stringify(write.body)).not.toContain(c.message);
      expect(read.status).toBe(200);
      expect(ready.status).toBe(503);
      expect(ready.body.writesRefused).toMatchObject({ reason: c.reason, code: c.code });
      expect(ready.body.message).toContain(c.code);
      // Writes work again: the next one that goes through makes the server ready.
      expect((await t.agent().post("/api/login").send({ username: captain.username, password: PASSWORD })).status).toBe(200);
      expect((await t.request.get("/api/ready")).status).toBe(200);
    });
  }
});

describe("an https APP_URL behind a TLS proxy (the session cookie is Secure)", () => {
  const login = (app: TestApp, username: string, headers: Record<string, string>) => {
    let req = app.request.post("/api/login");
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send({ username, password: PASSWORD });
  };
  const sessionCookie = (res: { headers: Record<string, unknown> }) =>
    ((res.headers["set-cookie"] as string[] | undefined) ?? []).find((c) => c.startsWith("dl.sid="));
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const appWith = async (env: Record<string, string>) => {
    const app = await createTestApp({ APP_URL: "https://ladder.example", ...env });
    apps.push(app);
    return app;
  };

  it("with TRUST_PROXY set and the proxy's X-Forwarded-Proto: https, a sign-in gets its Secure cookie and stays signed in", async () => {
    const app = await appWith({ TRUST_PROXY: "1" });
    const { captain } = await createTeam(app.db);
    const res = await login(app, captain.username!, { "X-Forwarded-Proto": "https" });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/; Secure/i);
    const me = await app.request.get("/api/user").set("X-Forwarded-Proto", "https").set("Cookie", cookie!.split(";")[0]!);
    expect(me.status).toBe(200);
    const ready = await app.request.get("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.problems).toBeUndefined();
  });

  it("with TRUST_PROXY=0 it cannot work: /api/ready says so from the start, and names the untrusted proxy once one is seen", async () => {
    const app = await appWith({ TRUST_PROXY: "0" });
    const { captain } = await createTeam(app.db);
    const before = await app.request.get("/api/ready");
    expect(before.status).toBe(200);
    expect(before.body.problems).toEqual([PROBLEMS.httpsWithoutTrustedProxy]);
    const res = await login(app, captain.username!, { "X-Forwarded-Proto": "https" });
    // What a member sees: the sign-in "works" and no cookie comes back.
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBeUndefined();
    const after = await app.request.get("/api/ready");
    expect(after.body.problems).toEqual([PROBLEMS.httpsWithoutTrustedProxy, PROBLEMS.untrustedForwardedProto]);
  });

  it("with TRUST_PROXY set but a proxy that sends no X-Forwarded-Proto, /api/ready names it once a request shows it (probes alone do not)", async () => {
    const app = await appWith({ TRUST_PROXY: "1" });
    const { captain } = await createTeam(app.db);
    await app.request.get("/api/ready");
    expect((await app.request.get("/api/ready")).body.problems).toBeUndefined();
    const res = await login(app, captain.username!, {});
    expect(sessionCookie(res)).toBeUndefined();
    expect((await app.request.get("/api/ready")).body.problems).toEqual([PROBLEMS.plainHttpRequests]);
  });
});

