import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/app";
import { createTeam, signIn, PASSWORD } from "../../../tests/helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

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
    const cookie = res.headers["set-cookie"]?.[0] ?? "";
    expect(cookie).toMatch(/dl\.sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const after = await t.testDb.database.raw.query('select count(*)::int as n from "session"');
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n) + 1);
    // A second sign-in on the same browser gets another id.
    const again = await agent.post("/api/login").send({ username: captain.username, password: PASSWORD });
    const cookie2 = again.headers["set-cookie"]?.[0] ?? "";
    expect(cookie2.split(";")[0]).not.toBe(cookie.split(";")[0]);
  });

  it("logout destroys the session row so the old cookie is dead", async () => {
    const { captain } = await createTeam(t.db);
    const agent = t.agent();
    const login = await agent.post("/api/login").send({ username: captain.username, password: PASSWORD });
    const cookie = (login.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
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
