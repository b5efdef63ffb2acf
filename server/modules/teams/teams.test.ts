import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { challenges, matches, teams, users } from "@shared/schema";
import type { TeamView, TeamsPage } from "@shared/types/teams";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, signIn, PASSWORD, type TeamFixture } from "../../../tests/helpers/factories";

let t: TestApp;
useTestApp((app) => (t = app));

async function as(username: string | null) {
  const agent = t.agent();
  await signIn(agent, username, PASSWORD);
  return agent;
}

async function approvedMatch(a: TeamFixture, b: TeamFixture, winner: TeamFixture, surface: "grass" | "beach" | "hardcourt", at: Date, prev: [number, number], next: [number, number]) {
  await t.db.insert(matches).values({
    team1Id: a.team.id,
    team2Id: b.team.id,
    winnerTeamId: winner.team.id,
    surface,
    location: surface,
    matchDate: at,
    approvedAt: at,
    matchStatus: "approved",
    confirmationStatus: "confirmed",
    score: "[[3,1],[3,2]]",
    team1PrevRating: prev[0],
    team2PrevRating: prev[1],
    team1NewRating: next[0],
    team2NewRating: next[1],
  });
}

describe("GET /api/teams", () => {
  it("needs a signed-in user", async () => {
    expect((await t.request.get("/api/teams")).status).toBe(401);
  });

  it("lists teams with members, ratings, W-L, rank, category and In Progress; emails only for the own team", async () => {
    const mine = await createTeam(t.db, { team: { rating: 1510, grassWins: 2, grassLosses: 1 } });
    const other = await createTeam(t.db);
    await t.db.update(users).set({ isApproved: false }).where(eq(users.id, other.partner.id));
    const agent = await as(mine.captain.username);
    const res = await agent.get("/api/teams");
    expect(res.status).toBe(200);
    const page = res.body as TeamsPage;
    expect(page.pageSize).toBe(200);
    const me = page.items.find((x) => x.id === mine.team.id)!;
    const them = page.items.find((x) => x.id === other.team.id)!;
    expect(me).toMatchObject({ name: mine.team.name, competitionType: "Men's Doubles", isApproved: true, grassWins: 2, grassLosses: 1, rating: 1510, inProgress: false });
    expect(typeof me.rank).toBe("number");
    expect(me.meanRating).toBe(1500);
    expect(me.members.map((m) => [m.name, m.isCaptain, m.isPartner])).toEqual([
      [mine.captain.name, true, false],
      [mine.partner.name, false, true],
    ]);
    expect(me.members[0]!.email).toBe(mine.captain.email);
    expect(them.inProgress).toBe(true);
    expect(them.members.every((m) => m.email === undefined)).toBe(true);
    expect(JSON.stringify(page)).not.toMatch(/password|\$argon2/);
  });

  it("filters by category", async () => {
    const w = await createTeam(t.db, { competitionType: "Women's Doubles" });
    const agent = await as(w.captain.username);
    const res = await agent.get("/api/teams").query({ competitionType: "Women's Doubles" });
    expect(res.status).toBe(200);
    expect((res.body as TeamsPage).items.every((x) => x.competitionType === "Women's Doubles")).toBe(true);
    expect((res.body as TeamsPage).items.some((x) => x.id === w.team.id)).toBe(true);
    const bad = await agent.get("/api/teams").query({ competitionType: "Chess" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });

  it("with a surface: only teams with a match there, in ladder order with that surface's rank", async () => {
    const cat = "Mixed Doubles" as const;
    const a = await createTeam(t.db, { competitionType: cat, team: { hardcourtRating: 1620, hardcourtWins: 1 } });
    const b = await createTeam(t.db, { competitionType: cat, team: { hardcourtRating: 1580, hardcourtWins: 2, hardcourtLosses: 1 } });
    const c = await createTeam(t.db, { competitionType: cat, team: { hardcourtRating: 1580, hardcourtWins: 1, hardcourtLosses: 2 } });
    const never = await createTeam(t.db, { competitionType: cat, team: { hardcourtRating: 1900, grassWins: 1 } });
    const agent = await as(a.captain.username);
    const res = await agent.get("/api/teams").query({ surface: "hardcourt", competitionType: cat });
    expect(res.status).toBe(200);
    const items = (res.body as TeamsPage).items;
    const ids = items.map((x) => x.id);
    expect(ids).not.toContain(never.team.id);
    const ours = ids.filter((id) => [a.team.id, b.team.id, c.team.id].includes(id));
    expect(ours).toEqual([a.team.id, b.team.id, c.team.id]);
    expect(items.map((x) => x.surfaceRank)).toEqual(items.map((_, i) => i + 1));
    const plain = await agent.get("/api/teams").query({ competitionType: cat });
    expect((plain.body as TeamsPage).items.every((x) => x.surfaceRank === null)).toBe(true);
    expect((await agent.get("/api/teams").query({ surface: "clay" })).status).toBe(400);
  });

  it("shows soft-deleted teams to admins who ask, never to others", async () => {
    const gone = await createTeam(t.db, { team: { deletedAt: new Date(), deletionReason: "moved away" } });
    const viewer = await createTeam(t.db);
    const admin = await createAdmin(t.db);
    const member = await as(viewer.captain.username);
    const adminAgent = await as(admin.username);
    const ids = (r: { body: TeamsPage }) => r.body.items.map((x) => x.id);
    expect(ids(await member.get("/api/teams"))).not.toContain(gone.team.id);
    expect(ids(await member.get("/api/teams").query({ includeDeleted: "true" }))).not.toContain(gone.team.id);
    expect(ids(await adminAgent.get("/api/teams"))).not.toContain(gone.team.id);
    const withDeleted = await adminAgent.get("/api/teams").query({ includeDeleted: "true" });
    const row = (withDeleted.body as TeamsPage).items.find((x) => x.id === gone.team.id)!;
    expect(row.deletedAt).toBeTruthy();
    expect(row.deletionReason).toBe("moved away");
    expect(row.rank).toBeNull();
    expect(row.members[0]!.email).toBeTruthy();
    expect((await member.get(`/api/teams/${gone.team.id}`)).status).toBe(404);
    expect((await adminAgent.get(`/api/teams/${gone.team.id}`)).status).toBe(200);
  });

  it("is bounded and paged", async () => {
    const x = await createTeam(t.db);
    const agent = await as(x.captain.username);
    expect((await agent.get("/api/teams").query({ limit: 501 })).status).toBe(400);
    const one = await agent.get("/api/teams").query({ limit: 1, page: 2 });
    expect(one.status).toBe(200);
    expect(one.body.items).toHaveLength(1);
    expect(one.body.total).toBeGreaterThan(1);
    expect(one.body.page).toBe(2);
  });
});

describe("GET /api/teams/{id} and members", () => {
  it("returns one team and its members, emails for its own members and admins only", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const admin = await createAdmin(t.db);
    const own = await as(a.partner.username);
    const res = await own.get(`/api/teams/${a.team.id}`);
    expect(res.status).toBe(200);
    expect((res.body as TeamView).name).toBe(a.team.name);
    const members = await own.get(`/api/teams/${a.team.id}/members`);
    expect(members.body.map((m: { email?: string }) => m.email)).toEqual([a.captain.email, a.partner.email]);
    const stranger = await as(b.captain.username);
    const theirs = await stranger.get(`/api/teams/${a.team.id}/members`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.every((m: { email?: string }) => m.email === undefined)).toBe(true);
    const adminView = await (await as(admin.username)).get(`/api/teams/${a.team.id}/members`);
    expect(adminView.body[0].email).toBe(a.captain.email);
    expect((await own.get("/api/teams/999999999")).status).toBe(404);
    expect((await own.get("/api/teams/abc")).status).toBe(400);
  });

  it("shows another team's profile (the /teams/{id} page) without emails, and with them to admins and its own members", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const admin = await createAdmin(t.db);
    const emailsSeenBy = async (agent: Awaited<ReturnType<typeof as>>) => {
      const res = await agent.get(`/api/teams/${a.team.id}`);
      expect(res.status).toBe(200);
      expect((res.body as TeamView).members.map((m) => m.name)).toEqual([a.captain.name, a.partner.name]);
      return (res.body as TeamView).members.map((m) => m.email ?? null);
    };
    // Another team's captain and partner: names, no emails (not even as empty fields).
    for (const other of [b.captain, b.partner]) {
      const agent = await as(other.username);
      expect(await emailsSeenBy(agent)).toEqual([null, null]);
      const raw = JSON.stringify((await agent.get(`/api/teams/${a.team.id}`)).body);
      expect(raw).not.toContain(a.captain.email);
      expect(raw).not.toContain(a.partner.email);
      // The rest of the profile is open to them.
      expect((await agent.get(`/api/teams/${a.team.id}/rating-history`)).status).toBe(200);
      expect((await agent.get(`/api/teams/${a.team.id}/head-to-head`)).status).toBe(200);
    }
    // The team's own members and an admin: the emails.
    expect(await emailsSeenBy(await as(a.partner.username))).toEqual([a.captain.email, a.partner.email]);
    expect(await emailsSeenBy(await as(admin.username))).toEqual([a.captain.email, a.partner.email]);
  });
});

describe("GET /api/users", () => {
  it("answers public fields, paged; emails only to admins and the user's own team", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const agent = await as(a.captain.username);
    const res = await agent.get("/api/users").query({ limit: 200 });
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(200);
    const find = (id: number) => res.body.items.find((u: { id: number }) => u.id === id);
    expect(find(a.partner.id).email).toBe(a.partner.email);
    expect(find(b.partner.id).email).toBeUndefined();
    expect(find(b.partner.id).teamName).toBe(b.team.name);
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$argon2|username/);
    const admin = await createAdmin(t.db);
    const adminRes = await (await as(admin.username)).get("/api/users").query({ teamId: b.team.id });
    expect(adminRes.body.items.map((u: { email: string }) => u.email).sort()).toEqual([b.captain.email, b.partner.email].sort());
    expect((await agent.get("/api/users").query({ limit: 1000 })).status).toBe(400);
  });
});

describe("PUT /api/teams/{id}", () => {
  const body = { name: "Renamed", bio: "We play a lot.", location: "Kits", avatar: "https://example.com/a.png", preferredCourtSurface: "clay" };

  it("lets the captain edit the profile", async () => {
    const a = await createTeam(t.db);
    const agent = await as(a.captain.username);
    const res = await agent.put(`/api/teams/${a.team.id}`).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", bio: "We play a lot.", location: "Kits", preferredCourtSurface: "clay" });
    const cleared = await agent.put(`/api/teams/${a.team.id}`).send({ name: "Renamed", bio: "", avatar: "" });
    expect(cleared.body).toMatchObject({ bio: null, avatar: null, location: "Kits" });
  });

  it("refuses the partner, another team's captain and an admin who is not the captain", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const partner = await as(a.partner.username);
    expect((await partner.put(`/api/teams/${a.team.id}`).send(body)).status).toBe(403);
    const otherCaptain = await as(b.captain.username);
    const res = await otherCaptain.put(`/api/teams/${a.team.id}`).send(body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
    const [row] = await t.db.select().from(teams).where(eq(teams.id, a.team.id));
    expect(row!.name).toBe(a.team.name);
    expect((await otherCaptain.put(`/api/teams/999999999`).send(body)).status).toBe(404);
    expect((await t.request.put(`/api/teams/${a.team.id}`).send(body)).status).toBe(401);
  });

  it("applies the form's rules with the product's messages and rejects privileged fields", async () => {
    const a = await createTeam(t.db);
    const agent = await as(a.captain.username);
    const short = await agent.put(`/api/teams/${a.team.id}`).send({ ...body, name: "x" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Team name must be at least 2 characters");
    expect(short.body.title).toBe("Update Failed");
    expect((await agent.put(`/api/teams/${a.team.id}`).send({ ...body, preferredCourtSurface: "ice" })).status).toBe(400);
    expect((await agent.put(`/api/teams/${a.team.id}`).send({ ...body, avatar: "javascript:alert(1)" })).status).toBe(400);
    for (const field of [{ rating: 3000 }, { isApproved: true }, { grassRating: 2000 }, { deletedAt: null }, { id: 5 }]) {
      const res = await agent.put(`/api/teams/${a.team.id}`).send({ ...body, ...field });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Unknown field/);
    }
    const [row] = await t.db.select().from(teams).where(eq(teams.id, a.team.id));
    expect(row!.rating).toBe(1500);
    expect(row!.name).toBe(a.team.name);
  });
});

describe("DELETE /api/teams/{id}", () => {
  it("refuses the partner and another team's captain", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    expect((await (await as(a.partner.username)).delete(`/api/teams/${a.team.id}`).send({})).status).toBe(403);
    expect((await (await as(b.captain.username)).delete(`/api/teams/${a.team.id}`).send({})).status).toBe(403);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, a.team.id));
    expect(row!.deletedAt).toBeNull();
  });

  it("soft-deletes the captain's team: reason kept, challenges canceled, sessions ended, farewell emails sent", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const c = await createTeam(t.db);
    await t.db.insert(challenges).values([
      { challengerTeamId: a.team.id, challengedTeamId: b.team.id, status: "pending" },
      { challengerTeamId: c.team.id, challengedTeamId: a.team.id, status: "accepted" },
      { challengerTeamId: b.team.id, challengedTeamId: c.team.id, status: "pending" },
    ]);
    const captain = await as(a.captain.username);
    const partner = await as(a.partner.username);
    const res = await captain.delete(`/api/teams/${a.team.id}`).send({ reason: "Graduating" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ teamName: a.team.name, requiresLogin: true });
    const [row] = await t.db.select().from(teams).where(eq(teams.id, a.team.id));
    expect(row!.deletedAt).toBeTruthy();
    expect(row!.deletionReason).toBe("Graduating");
    const rows = await t.db.select().from(challenges);
    const statusOf = (x: number, y: number) => rows.find((r) => r.challengerTeamId === x && r.challengedTeamId === y)!.status;
    expect(statusOf(a.team.id, b.team.id)).toBe("canceled");
    expect(statusOf(c.team.id, a.team.id)).toBe("canceled");
    expect(statusOf(b.team.id, c.team.id)).toBe("pending");
    expect((await captain.get("/api/user")).status).toBe(401);
    expect((await partner.get("/api/user")).status).toBe(401);
    const mail = await t.mail.waitFor((m) => m.to.includes(a.partner.email) && /removed/.test(m.subject));
    expect(mail.text).toContain("Graduating");
    await t.mail.waitFor((m) => m.to.includes(a.captain.email) && /removed/.test(m.subject));
    // The team no longer shows to members and its members can't sign in.
    const viewer = await as(b.captain.username);
    expect((await viewer.get(`/api/teams/${a.team.id}`)).status).toBe(404);
    const login = await t.agent().post("/api/login").send({ username: a.captain.username, password: PASSWORD });
    expect(login.status).not.toBe(200);
  });

  it("takes no reason at all, and refuses unknown fields", async () => {
    const a = await createTeam(t.db);
    const agent = await as(a.captain.username);
    expect((await agent.delete(`/api/teams/${a.team.id}`).send({ reason: "x", isAdmin: true })).status).toBe(400);
    const res = await agent.delete(`/api/teams/${a.team.id}`);
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, a.team.id));
    expect(row!.deletionReason).toBeNull();
  });
});

describe("rating history and head-to-head", () => {
  it("reads the team's approved matches with stored ratings, and W-L per opponent in one grouped query", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const c = await createTeam(t.db);
    const day = (d: number) => new Date(Date.UTC(2024, 0, d));
    await approvedMatch(a, b, a, "grass", day(1), [1500, 1500], [1520, 1480]);
    await approvedMatch(b, a, b, "grass", day(2), [1480, 1520], [1502, 1498]);
    await approvedMatch(a, c, a, "beach", day(3), [1500, 1500], [1520, 1480]);
    await t.db.insert(matches).values({ team1Id: a.team.id, team2Id: c.team.id, winnerTeamId: c.team.id, matchStatus: "reported" });
    const agent = await as(b.captain.username);
    const hist = await agent.get(`/api/teams/${a.team.id}/rating-history`);
    expect(hist.status).toBe(200);
    expect(hist.body.map((p: { surface: string; prevRating: number; newRating: number; won: boolean }) => [p.surface, p.prevRating, p.newRating, p.won])).toEqual([
      ["grass", 1500, 1520, true],
      ["grass", 1520, 1498, false],
      ["beach", 1500, 1520, true],
    ]);
    const ids = (await t.db.select({ id: matches.id }).from(matches).where(eq(matches.matchStatus, "approved")).orderBy(matches.id)).map((m) => m.id);
    for (const p of hist.body as { matchId: number; opponentName: string }[]) expect(ids).toContain(p.matchId);
    expect(new Set(hist.body.map((p: { matchId: number }) => p.matchId)).size).toBe(3);
    expect(hist.body.map((p: { opponentName: string }) => p.opponentName)).toEqual([b.team.name, b.team.name, c.team.name]);
    const h2h = await agent.get(`/api/teams/${a.team.id}/head-to-head`);
    expect(h2h.status).toBe(200);
    expect(h2h.body.map((r: { opponentId: number; wins: number; losses: number; played: number }) => [r.opponentId, r.wins, r.losses, r.played])).toEqual([
      [b.team.id, 1, 1, 2],
      [c.team.id, 1, 0, 1],
    ]);
    expect((await agent.get(`/api/teams/999999999/head-to-head`)).status).toBe(404);
  });
});
