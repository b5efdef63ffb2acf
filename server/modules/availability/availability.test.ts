// Weekly availability through the API (docs/product.md, "Weekly availability").
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { teams, users } from "@shared/schema";
import { emptyAvailability, type Availability } from "@shared/availability";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createTeam, ranksChanged } from "../../../tests/helpers/factories";

let t: TestApp;
useTestApp((app) => (t = app));

const week = (parts: Partial<Record<keyof Availability, Partial<Availability["mon"]>>>): Availability => {
  const a = emptyAvailability();
  for (const [day, value] of Object.entries(parts)) Object.assign(a[day as keyof Availability], value);
  return a;
};

describe("PUT /api/user/availability", () => {
  it("saves the player's own week, which their team and same-category teams then read", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const partner = await t.signedIn(a.partner.username);
    const mine = week({ mon: { evening: true }, sat: { morning: true, afternoon: true } });
    const saved = await partner.put("/api/user/availability").send({ availability: mine });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ availability: mine });
    const [row] = await t.db.select({ availability: users.availability }).from(users).where(eq(users.id, a.partner.id));
    expect(row!.availability).toEqual(mine);

    for (const reader of [a.captain.username, b.captain.username]) {
      const res = await (await t.signedIn(reader)).get(`/api/teams/${a.team.id}/availability`);
      expect(res.status).toBe(200);
      expect(res.body.teamName).toBe(a.team.name);
      expect(res.body.players).toEqual([
        { id: a.captain.id, name: a.captain.name, isCaptain: true, hasLogin: true, availability: emptyAvailability(), isSet: false },
        { id: a.partner.id, name: a.partner.name, isCaptain: false, hasLogin: true, availability: mine, isSet: true },
      ]);
    }
  });

  it("refuses a malformed week with a clear message, and fields that are not the week", async () => {
    const a = await createTeam(t.db);
    const captain = await t.signedIn(a.captain.username);
    const noTue: Record<string, unknown> = { ...week({}) };
    delete noTue.tue;
    const cases: [unknown, string][] = [
      [{ availability: noTue }, "Please give your availability for Tuesday: morning, afternoon and evening."],
      [{ availability: { ...week({}), wed: { morning: 1, afternoon: false, evening: false } } }, "Wednesday morning must be true or false."],
      [{ availability: { ...week({}), fun: week({}).mon } }, "Unknown day: fun. The days are mon, tue, wed, thu, fri, sat and sun."],
      [{ availability: week({}), teamId: 1 }, "Unknown field: teamId"],
      [{}, "Please send your availability as the seven days mon to sun, each with morning, afternoon and evening."],
    ];
    for (const [body, message] of cases) {
      const res = await captain.put("/api/user/availability").send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ message, title: "Availability Not Saved" });
    }
    const [row] = await t.db.select({ availability: users.availability }).from(users).where(eq(users.id, a.captain.id));
    expect(row!.availability).toEqual(emptyAvailability());
    expect((await t.request.put("/api/user/availability").send({ availability: week({}) })).status).toBe(401);
  });
});

describe("GET /api/teams/{id}/availability", () => {
  it("is hidden (404) from teams of another category and for deleted teams; an invited partner shows without a login", async () => {
    const a = await createTeam(t.db);
    const mixed = await createTeam(t.db, { competitionType: "Mixed Doubles" });
    const mixedCaptain = await t.signedIn(mixed.captain.username);
    expect((await mixedCaptain.get(`/api/teams/${a.team.id}/availability`)).status).toBe(404);
    expect((await mixedCaptain.get(`/api/teams/${mixed.team.id}/availability`)).status).toBe(200);

    await t.db.update(users).set({ username: null, password: null }).where(eq(users.id, mixed.partner.id));
    const own = await mixedCaptain.get(`/api/teams/${mixed.team.id}/availability`);
    expect(own.body.players[1]).toMatchObject({ id: mixed.partner.id, hasLogin: false, isSet: false });
    expect((await mixedCaptain.get(`/api/teams/2147483000/availability`)).status).toBe(404);
    const { agent: admin } = await t.signedInAdmin();
    expect((await admin.get(`/api/teams/${a.team.id}/availability`)).status).toBe(200);
    await t.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, a.team.id));
    await ranksChanged(t.db);
    expect((await admin.get(`/api/teams/${a.team.id}/availability`)).status).toBe(404);
  });
});
