// A member whose open session an admin ended (suspension, deleted team) is told why by GET
// /api/user in the browser that held the session; nobody else learns anything.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "@shared/schema";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, PASSWORD } from "../../../tests/helpers/factories";
import { MEMBER_COOKIE } from "../../auth/signed-in-marker";

let t: TestApp;
useTestApp((app) => (t = app));

/** An admin's action on `path`, which succeeds. */
const byAdmin = async (method: "post" | "delete", path: string, body: object = {}) => {
  const { agent: admin } = await t.signedInAdmin();
  const res = await admin[method](path).send(body);
  expect(res.status).toBe(200);
};
const suspend = (userId: number, reason: string) => byAdmin("post", `/api/admin/users/${userId}/suspend`, { reason });

/** The member's next request (GET /api/user) is refused with this answer. */
const refusedNext = async (member: ReturnType<TestApp["agent"]>, body: object) => {
  const res = await member.get("/api/user");
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject(body);
};

describe("the sign-in refusal of a suspended member", () => {
  it("is one punctuated sentence per part: 'Reason: Repeated no-shows. Please contact…'", async () => {
    const { partner } = await createTeam(t.db);
    await suspend(partner.id, "  Repeated no-shows  ");
    const res = await t.agent().post("/api/login").send({ username: partner.username, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ title: "Account Suspended", code: "account_suspended" });
    expect(res.body.message).toBe(
      `Your account has been suspended. Reason: Repeated no-shows. Please contact the administrator at ${t.env.ADMIN_EMAIL}.`,
    );
    // A reason that already ends a sentence is not given a second full stop.
    await t.db.update(users).set({ suspensionReason: "Abusive messages!" }).where(eq(users.id, partner.id));
    const again = await t.agent().post("/api/login").send({ username: partner.username, password: PASSWORD });
    expect(again.body.message).toContain("Reason: Abusive messages! Please contact");
  });
});

describe("a session an admin ended", () => {
  it("when a signed-in member is suspended, their browser's GET /api/user says why (401), until they are unsuspended", async () => {
    const { captain } = await createTeam(t.db);
    const member = await t.signedIn(captain.username);
    expect((await member.get("/api/user")).status).toBe(200);

    await suspend(captain.id, "Repeated no-shows");
    const ended = await member.get("/api/user");
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({
      title: "Account Suspended",
      code: "account_suspended",
      message: `Your account has been suspended. Reason: Repeated no-shows. Please contact the administrator at ${t.env.ADMIN_EMAIL}.`,
    });
    // The session itself is gone: nothing else is open to that browser.
    expect((await member.get("/api/challenges/incoming")).status).toBe(401);

    await byAdmin("post", `/api/admin/users/${captain.id}/unsuspend`);
    await refusedNext(member, { code: "unauthenticated", message: "Not signed in." });
  });

  it("when an admin deletes the team, the member's browser is told the team was deleted", async () => {
    const { team, partner } = await createTeam(t.db);
    const member = await t.signedIn(partner.username);
    await byAdmin("delete", `/api/admin/teams/${team.id}`, { reason: "Left the club" });
    await refusedNext(member, { title: "Team Deleted", code: "team_deleted" });
  });

  it("tells nobody else: no cookie, a forged or altered one, another member's after logout", async () => {
    const { captain, partner } = await createTeam(t.db);
    const member = await t.signedIn(partner.username);
    const me = await member.get("/api/user");
    expect(me.status).toBe(200);
    await suspend(partner.id, "Repeated no-shows");

    const plain = { code: "unauthenticated", message: "Not signed in." };
    // A stranger's browser.
    expect((await t.agent().get("/api/user")).body).toMatchObject(plain);
    // A made-up cookie, and a real one pointed at another member (the signature no longer holds).
    const login = await t.agent().post("/api/login").send({ username: captain.username, password: PASSWORD });
    const real = (login.headers["set-cookie"] as unknown as string[]).find((c) => c.startsWith(`${MEMBER_COOKIE}=`))!.split(";")[0]!;
    const [, signature] = real.slice(MEMBER_COOKIE.length + 1).split(".");
    for (const cookie of [`${MEMBER_COOKIE}=${partner.id}.${"A".repeat(43)}`, `${MEMBER_COOKIE}=${partner.id}.${signature}`, `${MEMBER_COOKIE}=x`]) {
      const res = await t.agent().get("/api/user").set("Cookie", cookie);
      expect(res.status, cookie).toBe(401);
      expect(res.body, cookie).toMatchObject(plain);
    }
    // Logout clears the cookie: the next member on that browser is not told about the last one.
    const captainAgent = await t.signedIn(captain.username);
    const out = await captainAgent.post("/api/logout").send({});
    const cleared = (out.headers["set-cookie"] as unknown as string[]).find((c) => c.startsWith(`${MEMBER_COOKIE}=`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("the cookie names the member only: httpOnly, SameSite=Lax, for /api, an id and a signature", async () => {
    const { captain } = await createTeam(t.db);
    const login = await t.agent().post("/api/login").send({ username: captain.username, password: PASSWORD });
    const cookie = (login.headers["set-cookie"] as unknown as string[]).find((c) => c.startsWith(`${MEMBER_COOKIE}=`))!;
    expect(cookie).toMatch(new RegExp(`^${MEMBER_COOKIE.replace(".", "\\.")}=${captain.id}\\.[A-Za-z0-9_-]{43};`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api(;|$)/);
  });
});
