import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, signIn } from "../../../tests/helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

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
