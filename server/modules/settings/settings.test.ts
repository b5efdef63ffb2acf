import { describe, expect, it } from "vitest";
import type { TeamsPage } from "@shared/types/teams";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, signIn } from "../../../tests/helpers/factories";

let t: TestApp;
useTestApp((app) => (t = app));

describe("the club's settings", () => {
  it("anyone reads the club's time zone (CLUB_TIMEZONE)", async () => {
    const res = await t.request.get("/api/settings/club");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ timeZone: "America/Vancouver" });
  });
});

describe("the header image setting", () => {
  it("reads null before any is set, and the admin's URL after", async () => {
    const first = await t.request.get("/api/settings/header-image");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ url: null });
    const admin = await createAdmin(t.db);
    const agent = t.agent();
    await signIn(agent, admin.username);
    const set = await agent.post("/api/settings/header-image").send({ url: "https://images.example.com/courts.jpg" });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ url: "https://images.example.com/courts.jpg" });
    const again = await agent.post("/api/settings/header-image").send({ url: "http://images.example.com/beach.jpg" });
    expect(again.status).toBe(200);
    expect((await t.request.get("/api/settings/header-image")).body).toEqual({ url: "http://images.example.com/beach.jpg" });
  });

  it("accepts only http(s) URLs and only from admins", async () => {
    const admin = await createAdmin(t.db);
    const agent = t.agent();
    await signIn(agent, admin.username);
    for (const url of ["javascript:alert(1)", "data:image/png;base64,AAAA", "ftp://x.example/a.jpg", "not a url", "", 42]) {
      const res = await agent.post("/api/settings/header-image").send({ url });
      expect(res.status).toBe(400);
      expect(res.body.title).toBe("Failed to Update Header Image");
      expect(res.body.message).toBeTruthy();
    }
    expect((await agent.post("/api/settings/header-image").send({ url: "https://a.example/x.jpg", extra: 1 })).status).toBe(400);
    const { captain } = await createTeam(t.db);
    const member = t.agent();
    await signIn(member, captain.username);
    expect((await member.post("/api/settings/header-image").send({ url: "https://a.example/x.jpg" })).status).toBe(403);
    expect((await t.request.post("/api/settings/header-image").send({ url: "https://a.example/x.jpg" })).status).toBe(401);
  });
});

describe("the signed-out ladder (docs/product.md#the-signed-out-ladder)", () => {
  it("is on by default: the surface ladders answer signed out with names, ratings and W-L and no emails; nothing else opens", async () => {
    const { team, captain, partner } = await createTeam(t.db, { team: { grassRating: 1612, grassWins: 3, grassLosses: 1 } });
    expect((await t.request.get("/api/settings/public-ladder")).body).toEqual({ enabled: true });
    const res = await t.request.get("/api/teams?surface=grass&limit=50");
    expect(res.status).toBe(200);
    const row = (res.body as TeamsPage).items.find((x) => x.id === team.id)!;
    expect(row).toMatchObject({ name: team.name, grassRating: 1612, grassWins: 3, grassLosses: 1 });
    expect(row.members.map((m) => m.name)).toEqual([captain.name, partner.name]);
    expect(row.members.every((m) => m.email === undefined)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(captain.email);
    expect(row.surfaceRank).toBeGreaterThan(0);
    // Only the surface ladders: the club list, a team's profile, users and a deleted-team view stay closed.
    for (const url of ["/api/teams", "/api/teams?surface=all", `/api/teams/${team.id}`, `/api/teams/${team.id}/members`, "/api/users", "/api/matches"]) {
      expect((await t.request.get(url)).status, url).toBe(401);
    }
    const deletedToo = await t.request.get("/api/teams?surface=grass&includeDeleted=true");
    expect(deletedToo.status).toBe(200);
    expect((deletedToo.body as TeamsPage).items.every((x) => x.deletedAt === null)).toBe(true);
    // A member whose email is not verified reads it like a visitor (no emails, not even their own team's).
    const unverified = await createTeam(t.db, { verified: false, team: { grassWins: 1 } });
    const agent = t.agent();
    await signIn(agent, unverified.captain.username);
    const theirs = await agent.get("/api/teams?surface=grass&limit=50");
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(unverified.captain.email);
    expect((await agent.get("/api/teams")).status).toBe(403);
  });

  it("an admin turns it off (then signed out is 401 and unverified 403, as before) and on again; only admins may", async () => {
    await createTeam(t.db, { team: { beachWins: 1 } });
    const admin = await createAdmin(t.db);
    const adminAgent = t.agent();
    await signIn(adminAgent, admin.username);
    const member = await createTeam(t.db);
    const memberAgent = t.agent();
    await signIn(memberAgent, member.captain.username);
    const unverified = await createTeam(t.db, { verified: false });
    const unverifiedAgent = t.agent();
    await signIn(unverifiedAgent, unverified.captain.username);

    // Read once while on, so a kept answer would show if the switch did not empty the cache.
    expect((await t.request.get("/api/teams?surface=beach")).status).toBe(200);
    const off = await adminAgent.post("/api/settings/public-ladder").send({ enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false });
    expect((await t.request.get("/api/settings/public-ladder")).body).toEqual({ enabled: false });
    const signedOut = await t.request.get("/api/teams?surface=beach");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe("Please sign in to continue.");
    expect((await unverifiedAgent.get("/api/teams?surface=beach")).status).toBe(403);
    expect((await memberAgent.get("/api/teams?surface=beach")).status).toBe(200);

    expect((await memberAgent.post("/api/settings/public-ladder").send({ enabled: true })).status).toBe(403);
    expect((await t.request.post("/api/settings/public-ladder").send({ enabled: true })).status).toBe(401);
    for (const body of [{}, { enabled: "yes" }, { enabled: true, extra: 1 }]) {
      const bad = await adminAgent.post("/api/settings/public-ladder").send(body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBeTruthy();
    }
    expect((await t.request.get("/api/teams?surface=beach")).status).toBe(401);

    expect((await adminAgent.post("/api/settings/public-ladder").send({ enabled: true })).body).toEqual({ enabled: true });
    expect((await t.request.get("/api/teams?surface=beach")).status).toBe(200);
  });
});
