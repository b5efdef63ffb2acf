import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { challenges, disputes, matches, teams, users } from "@shared/schema";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, PASSWORD, ranksChanged } from "../../../tests/helpers/factories";
import { csvCell, neutraliseCell } from "./admin.data.service";
import { permanentlyDeleteTeam, restoreTeam } from "./admin.teams.service";

let t: TestApp;
useTestApp((app) => (t = app));

const adminAgent = () => t.signedInAdmin();

const memberAgent = (username: string | null) => t.signedIn(username);

async function addMatch(team1Id: number, team2Id: number, confirmationStatus: "pending" | "confirmed" | "disputed" = "confirmed") {
  const [m] = await t.db
    .insert(matches)
    .values({
      team1Id,
      team2Id,
      winnerTeamId: team1Id,
      score: "[[3,1],[3,2]]",
      matchStatus: confirmationStatus === "confirmed" ? "approved" : "reported",
      confirmationStatus,
      approvedAt: confirmationStatus === "confirmed" ? new Date() : null,
    })
    .returning();
  return m!;
}

const ROUTES: [method: "get" | "post" | "delete", path: string, body?: object][] = [
  ["get", "/api/admin/stats"],
  ["get", "/api/admin/teams"],
  ["post", "/api/admin/users/1/suspend", { reason: "x" }],
  ["post", "/api/admin/users/1/unsuspend", {}],
  ["delete", "/api/admin/users/1"],
  ["delete", "/api/admin/teams/1", { reason: "x" }],
  ["post", "/api/admin/teams/1/restore", {}],
  ["delete", "/api/admin/teams/1/permanent"],
  ["get", "/api/admin/export-users"],
  ["get", "/api/admin/export-full-backup"],
  ["post", "/api/admin/import-backup?mode=merge", { formatVersion: 1, tables: {} }],
  ["delete", "/api/admin/purge-confirmed-matches"],
  ["post", "/api/admin/reset-data", {}],
];

describe("who may use the admin API", () => {
  it("answers 401 when signed out and 403 to captains and partners, on every admin route", async () => {
    const { captain, partner } = await createTeam(t.db);
    const cap = await memberAgent(captain.username);
    const par = await memberAgent(partner.username);
    for (const [method, path, body] of ROUTES) {
      const anon = await t.agent()[method](path).send(body ?? {});
      expect(anon.status, `${method} ${path} signed out`).toBe(401);
      for (const agent of [cap, par]) {
        const res = await agent[method](path).send(body ?? {});
        expect(res.status, `${method} ${path} as a member`).toBe(403);
        expect(res.body.message).toBe("Access Denied: You need admin privileges to access this page.");
      }
    }
    // Nothing happened to the team on the way.
    const [row] = await t.db.select().from(teams).where(eq(teams.id, captain.teamId!));
    expect(row!.deletedAt).toBeNull();
  });
});

describe("suspending and unsuspending users", () => {
  it("refuses a blank reason with the product's message", async () => {
    const { agent } = await adminAgent();
    const { partner } = await createTeam(t.db);
    for (const body of [{}, { reason: "" }, { reason: "   " }]) {
      const res = await agent.post(`/api/admin/users/${partner.id}/suspend`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please provide a reason for the suspension.");
      expect(res.body.title).toBe("Suspension Failed");
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, partner.id));
    expect(row!.isSuspended).toBe(false);
  });

  it("suspends a member: their open session stops working, they get an email, sign-in is refused; unsuspend lets them back", async () => {
    const { agent } = await adminAgent();
    const { partner } = await createTeam(t.db);
    const member = await memberAgent(partner.username);
    expect((await member.get("/api/user")).status).toBe(200);

    const res = await agent.post(`/api/admin/users/${partner.id}/suspend`).send({ reason: "  Abusive messages  " });
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(partner.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, partner.id));
    expect(row!.isSuspended).toBe(true);
    expect(row!.suspensionReason).toBe("Abusive messages");

    expect((await member.get("/api/user")).status).toBe(401);
    const mail = await t.mail.waitFor((m) => m.to.includes(partner.email) && /suspended/i.test(m.subject));
    expect(mail.text).toContain("Abusive messages");
    expect(mail.text).toContain(t.env.ADMIN_EMAIL);
    const login = await t.agent().post("/api/login").send({ username: partner.username, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.message).toContain("Abusive messages");

    const teamList = await agent.get("/api/admin/teams").query({ search: partner.username! });
    const listed = teamList.body.items[0].members.find((m: { id: number }) => m.id === partner.id);
    expect(listed).toMatchObject({ isSuspended: true, suspensionReason: "Abusive messages" });

    const un = await agent.post(`/api/admin/users/${partner.id}/unsuspend`).send({});
    expect(un.status).toBe(200);
    await memberAgent(partner.username);
    const [after] = await t.db.select().from(users).where(eq(users.id, partner.id));
    expect(after!.isSuspended).toBe(false);
    expect(after!.suspensionReason).toBeNull();
  });

  it("refuses to suspend or delete yourself or another admin, and answers 404 for an unknown user", async () => {
    const { admin, agent } = await adminAgent();
    const other = await createAdmin(t.db);
    const self = await agent.post(`/api/admin/users/${admin.id}/suspend`).send({ reason: "test" });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot suspend your own account.");
    const otherRes = await agent.post(`/api/admin/users/${other.id}/suspend`).send({ reason: "test" });
    expect(otherRes.status).toBe(403);
    expect(otherRes.body.message).toBe("Admin accounts cannot be suspended.");
    expect((await agent.delete(`/api/admin/users/${admin.id}`)).status).toBe(400);
    expect((await agent.delete(`/api/admin/users/${other.id}`)).status).toBe(403);
    expect((await agent.post(`/api/admin/users/999999/suspend`).send({ reason: "x" })).status).toBe(404);
    expect((await agent.delete(`/api/admin/users/abc`)).status).toBe(400);
    expect((await agent.get("/api/user")).status).toBe(200);
  });
});

describe("deleting users", () => {
  it("deletes a captain, ends their session, keeps the team's matches, and makes the partner captain", async () => {
    const { agent } = await adminAgent();
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const m = await addMatch(a.team.id, b.team.id);
    await t.db.update(matches).set({ reportedBy: a.captain.id }).where(eq(matches.id, m.id));
    const session = await memberAgent(a.captain.username);
    const res = await agent.delete(`/api/admin/users/${a.captain.id}`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(a.captain.name);
    expect((await session.get("/api/user")).status).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, a.captain.id))).toHaveLength(0);
    const [partner] = await t.db.select().from(users).where(eq(users.id, a.partner.id));
    expect(partner!.isCaptain).toBe(true);
    const [match] = await t.db.select().from(matches).where(eq(matches.id, m.id));
    expect(match!.reportedBy).toBeNull();
  });
});

describe("managing teams", () => {
  it("requires a reason to soft delete, then deletes, emails the members and shows the team as deleted", async () => {
    const { agent } = await adminAgent();
    const { team, captain, partner } = await createTeam(t.db);
    const blank = await agent.delete(`/api/admin/teams/${team.id}`).send({ reason: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.title).toBe("Delete Failed");
    const session = await memberAgent(captain.username);

    const res = await agent.delete(`/api/admin/teams/${team.id}`).send({ reason: "Left the club" });
    expect(res.status).toBe(200);
    expect(res.body.teamName).toBe(team.name);
    expect((await session.get("/api/user")).status).toBe(401);
    for (const m of [captain, partner]) {
      const mail = await t.mail.waitFor((x) => x.to.includes(m.email) && x.subject.includes(team.name));
      expect(mail.text).toContain("Left the club");
    }
    const list = await agent.get("/api/admin/teams").query({ search: team.name });
    expect(list.body.items[0]).toMatchObject({ id: team.id, deletionReason: "Left the club" });
    expect(list.body.items[0].deletedAt).toBeTruthy();
    const again = await agent.delete(`/api/admin/teams/${team.id}`).send({ reason: "again" });
    expect(again.status).toBe(400);
  });

  it("restores a deleted team with welcome-back emails; restoring an active team is refused", async () => {
    const { agent } = await adminAgent();
    const { team, captain } = await createTeam(t.db);
    expect((await agent.post(`/api/admin/teams/${team.id}/restore`).send({})).status).toBe(400);
    await agent.delete(`/api/admin/teams/${team.id}`).send({ reason: "Inactive" }).expect(200);
    const res = await agent.post(`/api/admin/teams/${team.id}/restore`).send({});
    expect(res.status).toBe(200);
    expect(res.body.teamName).toBe(team.name);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row!.deletedAt).toBeNull();
    expect(row!.deletionReason).toBeNull();
    const mail = await t.mail.waitFor((m) => m.to.includes(captain.email) && /welcome back/i.test(m.subject));
    expect(mail.text).toContain(team.name);
    await memberAgent(captain.username);
  });

  it("never deletes or restores the admin's own team", async () => {
    const { admin, agent } = await adminAgent();
    const { team } = await createTeam(t.db);
    await t.db.update(users).set({ teamId: team.id }).where(eq(users.id, admin.id));
    const del = await agent.delete(`/api/admin/teams/${team.id}`).send({ reason: "mine" });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe("You cannot delete your own team.");
    const list = await agent.get("/api/admin/teams").query({ search: team.name });
    expect(list.body.items[0].isOwnTeam).toBe(true);
    // Members of a deleted team are signed out everywhere, so the restore refusal is checked on the service.
    await t.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, team.id));
    await ranksChanged(t.db);
    const actor = { id: admin.id, teamId: team.id };
    await expect(restoreTeam(t.deps, { actor, teamId: team.id })).rejects.toMatchObject({
      status: 403,
      message: "You cannot restore your own team.",
    });
    await expect(permanentlyDeleteTeam(t.deps, { actor, teamId: team.id })).rejects.toMatchObject({ status: 403 });
  });

  it("permanently deletes a deleted team with its members, challenges, matches and disputes", async () => {
    const { agent } = await adminAgent();
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const [ch] = await t.db.insert(challenges).values({ challengerTeamId: a.team.id, challengedTeamId: b.team.id, status: "completed" }).returning();
    const m = await addMatch(a.team.id, b.team.id, "disputed");
    await t.db.insert(disputes).values({ matchId: m.id, reporterId: b.captain.id, description: "Score was wrong, really" });
    const active = await agent.delete(`/api/admin/teams/${a.team.id}/permanent`);
    expect(active.status).toBe(400);
    await agent.delete(`/api/admin/teams/${a.team.id}`).send({ reason: "Gone" }).expect(200);
    const res = await agent.delete(`/api/admin/teams/${a.team.id}/permanent`);
    expect(res.status).toBe(200);
    expect(res.body.teamName).toBe(a.team.name);
    expect(await t.db.select().from(teams).where(eq(teams.id, a.team.id))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.teamId, a.team.id))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.id, a.captain.id))).toHaveLength(0);
    expect(await t.db.select().from(challenges).where(eq(challenges.id, ch!.id))).toHaveLength(0);
    expect(await t.db.select().from(matches).where(eq(matches.id, m.id))).toHaveLength(0);
    expect(await t.db.select().from(disputes).where(eq(disputes.matchId, m.id))).toHaveLength(0);
    // The opponent is untouched.
    expect(await t.db.select().from(teams).where(eq(teams.id, b.team.id))).toHaveLength(1);
    expect((await agent.delete(`/api/admin/teams/${a.team.id}/permanent`)).status).toBe(404);
  });

  it("searches by team name, member name or username, case-insensitively, with wildcards taken literally", async () => {
    const { agent } = await adminAgent();
    const x = await createTeam(t.db, { name: "Smash Brothers 100%" });
    const y = await createTeam(t.db, { name: "Net_Ninjas" });
    const ids = async (search: string) =>
      ((await agent.get("/api/admin/teams").query({ search })).body.items as { id: number }[]).map((i) => i.id);
    expect(await ids("smash brothers")).toContain(x.team.id);
    expect(await ids(x.partner.name.toUpperCase())).toEqual([x.team.id]);
    expect(await ids(y.captain.username!)).toEqual([y.team.id]);
    expect(await ids("100%")).toEqual([x.team.id]);
    expect(await ids("net%ninjas")).toEqual([]);
    expect(await ids("n_t_ninjas")).toEqual([]);
    expect(await ids("net_")).toEqual([y.team.id]);
    const page = await agent.get("/api/admin/teams").query({ limit: 2 });
    expect(page.body.items.length).toBeLessThanOrEqual(2);
    expect(page.body.pageSize).toBe(2);
    expect((await agent.get("/api/admin/teams").query({ limit: 5000 })).status).toBe(400);
    const member = (await agent.get("/api/admin/teams").query({ search: x.team.name })).body.items[0].members[0];
    expect(Object.keys(member).sort()).toEqual(
      ["email", "id", "isAdmin", "isApproved", "isCaptain", "isPartner", "isSuspended", "name", "suspensionReason", "username"].sort(),
    );
  });
});

describe("stats", () => {
  it("counts players, new players, pending + accepted challenges and open disputes", async () => {
    const { agent } = await adminAgent();
    const before = (await agent.get("/api/admin/stats")).body;
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const c = await createTeam(t.db);
    await t.db.update(users).set({ joinedAt: new Date(Date.now() - 40 * 86400_000) }).where(eq(users.id, c.partner.id));
    await t.db.insert(challenges).values([
      { challengerTeamId: a.team.id, challengedTeamId: b.team.id, status: "pending" },
      { challengerTeamId: a.team.id, challengedTeamId: c.team.id, status: "accepted" },
      { challengerTeamId: b.team.id, challengedTeamId: c.team.id, status: "declined" },
    ]);
    const m = await addMatch(a.team.id, b.team.id, "disputed");
    await t.db.insert(disputes).values({ matchId: m.id, description: "Wrong score entirely" });
    const after = (await agent.get("/api/admin/stats")).body;
    expect(after.totalPlayers - before.totalPlayers).toBe(6);
    expect(after.newPlayers - before.newPlayers).toBe(5);
    expect(after.activeChallenges - before.activeChallenges).toBe(2);
    expect(after.openDisputes - before.openDisputes).toBe(1);
    expect(after.newPlayersWindowDays).toBe(30);
  });
});

describe("users CSV", () => {
  it("neutralises formulas and quotes cells", () => {
    for (const s of ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(neutraliseCell(s)).toBe(`'${s}`);
    expect(neutraliseCell("Alex")).toBe("Alex");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("=HYPERLINK(\"x\")")).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(null)).toBe("");
  });

  // Issue 12 item 8: `;` is the separator in many locales (and tab in others), so a formula after
  // one is a formula at the start of a cell there.
  it.each([
    ["the issue's example", "Aces;=cmd|' /C calc'!A0", `"Aces;'=cmd|' /C calc'!A0"`],
    ["after a comma", "a,=1+1", `"a,'=1+1"`],
    ["after a comma and spaces", "a,  +1", `"a,  '+1"`],
    ["after a tab", "a\t@SUM(A1)", `"a\t'@SUM(A1)"`],
    ["after a line break", "a\r\n-2+3", `"a\r\n'-2+3"`],
    ["several", "=a;=b,=c", `"'=a;'=b,'=c"`],
    ["at the start after spaces", "  =1", "'  =1"],
    ["a tab at the start", "\tx", `"'\tx"`],
    ["a semicolon alone is quoted", "Smith;Jones", `"Smith;Jones"`],
    ["a tab alone is quoted", "a\tb", `"a\tb"`],
    ["a quote is doubled", 'say "hi"', `"say ""hi"""`],
    ["plain text stays plain", "Aces Doubles", "Aces Doubles"],
    ["a hyphen inside a word stays", "Anne-Marie", "Anne-Marie"],
    ["an email stays", "ann@example.test", "ann@example.test"],
  ])("%s: %j → %s", (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("no cell of any text starts a formula in a spreadsheet splitting on , ; or tab, and RFC 4180 reads back the neutralised text", () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", ",", ";", "\t", "\r", "\n", '"', "=", "+", "-", "@", "'"), maxLength: 24 });
    fc.assert(
      fc.property(text, (value) => {
        const cell = csvCell(value);
        for (const separator of [",", ";", "\t", "\r", "\n"]) {
          // A program that ignores the quotes: every piece must not begin a formula.
          for (const piece of cell.split(separator)) expect(piece.replace(/^"?\s*/, "")).not.toMatch(/^[=+\-@]/);
        }
        // One that honours them reads the cell back as one value: the text, neutralised.
        const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
        expect(unquoted).toBe(neutraliseCell(value));
        expect(unquoted.replace(/'(?=[=+\-@\t\r\s])/g, "")).toBe(value.replace(/'(?=[=+\-@\t\r\s])/g, ""));
      }),
      { numRuns: 2000 },
    );
  });

  it("downloads every user as an attachment without password hashes, formulas neutralised", async () => {
    const { agent } = await adminAgent();
    const { partner } = await createTeam(t.db);
    await t.db.update(users).set({ name: '=cmd|" /C calc"!A0', suspensionReason: "@evil" }).where(eq(users.id, partner.id));
    await t.db.update(teams).set({ name: "Aces;=cmd|' /C calc'!A0" }).where(eq(teams.id, partner.teamId!));
    const res = await agent.get("/api/admin/export-users").buffer(true).parse((r, cb) => {
      let data = "";
      r.on("data", (c: Buffer) => (data += c.toString("utf8")));
      r.on("end", () => cb(null, data));
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="doubles-ladder-users-.*\.csv"$/);
    const text = res.body as string;
    expect(text).not.toContain("$argon2");
    const line = text.split("\r\n").find((l) => l.startsWith(`${partner.id},`))!;
    expect(line).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(line).toContain(",'@evil,");
    expect(line).toContain(`,"Aces;'=cmd|' /C calc'!A0",`);
    expect(line).not.toMatch(/,=/);
  });
});

describe("purging confirmed matches", () => {
  it("deletes confirmed matches and their disputes and keeps ratings and other matches", async () => {
    const { agent } = await adminAgent();
    const a = await createTeam(t.db, { team: { rating: 1620, grassRating: 1600 } });
    const b = await createTeam(t.db);
    const confirmed = await addMatch(a.team.id, b.team.id, "confirmed");
    await t.db.insert(disputes).values({ matchId: confirmed.id, description: "Resolved one earlier", status: "resolved" });
    const pending = await addMatch(a.team.id, b.team.id, "pending");
    const res = await agent.delete("/api/admin/purge-confirmed-matches");
    expect(res.status).toBe(200);
    expect(res.body.purgedCount).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(matches).where(eq(matches.id, confirmed.id))).toHaveLength(0);
    expect(await t.db.select().from(disputes).where(eq(disputes.matchId, confirmed.id))).toHaveLength(0);
    expect(await t.db.select().from(matches).where(eq(matches.id, pending.id))).toHaveLength(1);
    const [team] = await t.db.select().from(teams).where(eq(teams.id, a.team.id));
    expect(team!.rating).toBe(1620);
    expect(team!.grassRating).toBe(1600);
    expect((await agent.delete("/api/admin/purge-confirmed-matches")).body.purgedCount).toBe(0);
  });
});
