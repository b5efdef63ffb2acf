// Backup properties (QUALITY.md): export → reset → restore (overwrite) → export is identical;
// merge twice = merge once; a truncated or invalid file changes nothing; new rows work after a restore.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type supertest from "supertest";
import { challenges, disputes, matches, systemSettings, teams, users } from "@shared/schema";
import { HEADER_IMAGE_SETTING } from "@shared/constants";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, signIn, PASSWORD } from "../../../tests/helpers/factories";

let t: TestApp;
useTestApp((app) => (t = app));

const adminAgent = () => t.signedInAdmin();

/** A small club with every kind of row, odd values included. */
async function seedClub(adminId: number) {
  const a = await createTeam(t.db, { name: "Alpha =1+1", team: { rating: 1544, grassRating: 1530, grassWins: 2, wins: 2, bio: "Line1\nLine2 \"q\"" } });
  const b = await createTeam(t.db, { name: "Bravo", competitionType: "Mixed Doubles", approved: false });
  const c = await createTeam(t.db, { name: "Charlie" });
  await t.db.update(teams).set({ deletedAt: new Date("2024-02-03T04:05:06.789Z"), deletionReason: "moved away" }).where(eq(teams.id, c.team.id));
  await t.db
    .update(users)
    .set({ isSuspended: true, suspensionReason: "rude", photos: ["a.png"], availability: { mon: true, tue: false, wed: false, thu: false, fri: false, sat: true, sun: false } })
    .where(eq(users.id, a.partner.id));
  const [ch] = await t.db
    .insert(challenges)
    .values({ challengerTeamId: a.team.id, challengedTeamId: b.team.id, status: "completed", proposedDateTime: new Date("2024-05-06T07:08:09.123Z"), notes: "call 555" })
    .returning();
  await t.db.insert(challenges).values({ challengerTeamId: b.team.id, challengedTeamId: a.team.id, status: "pending", surface: "beach", location: "Jericho Beach" });
  const [m1] = await t.db
    .insert(matches)
    .values({
      team1Id: a.team.id,
      team2Id: b.team.id,
      winnerTeamId: a.team.id,
      challengeId: ch!.id,
      score: "[[3,1],[2,3],[3,0]]",
      matchStatus: "approved",
      confirmationStatus: "confirmed",
      approvedAt: new Date("2024-05-07T10:00:00.001Z"),
      approvedBy: b.captain.id,
      reportedBy: a.captain.id,
      reportedByTeamId: a.team.id,
      team1PrevRating: 1500,
      team1NewRating: 1520,
      team2PrevRating: 1500,
      team2NewRating: 1480,
    })
    .returning();
  const [m2] = await t.db
    .insert(matches)
    .values({ team1Id: b.team.id, team2Id: a.team.id, winnerTeamId: b.team.id, matchStatus: "reported", confirmationStatus: "disputed", matchType: "friendly", approvalDeadline: new Date("2030-01-01T00:00:00.000Z") })
    .returning();
  await t.db.insert(disputes).values({ matchId: m2!.id, reporterId: a.captain.id, reporterTeamId: a.team.id, description: "They miscounted the last set" });
  await t.db
    .insert(systemSettings)
    .values({ setting: HEADER_IMAGE_SETTING, value: "https://example.test/header.png", updatedBy: adminId })
    .onConflictDoUpdate({ target: systemSettings.setting, set: { value: "https://example.test/header.png", updatedBy: adminId } });
  return { a, b, c, m1: m1!, m2: m2! };
}

async function exportBackup(agent: supertest.Agent) {
  const res = await agent.get("/api/admin/export-full-backup");
  expect(res.status).toBe(200);
  return res.body as { formatVersion: number; exportedAt: string; tables: Record<string, Record<string, unknown>[]> };
}

async function snapshot(agent: supertest.Agent) {
  return (await exportBackup(agent)).tables;
}

describe("exporting a full backup", () => {
  it("is a JSON attachment of every product table with a format version, never tokens or sessions", async () => {
    const { admin, agent } = await adminAgent();
    await seedClub(admin.id);
    const res = await agent.get("/api/admin/export-full-backup");
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="doubles-ladder-backup-.*\.json"$/);
    expect(res.body.formatVersion).toBe(1);
    expect(Number.isNaN(Date.parse(res.body.exportedAt))).toBe(false);
    expect(Object.keys(res.body.tables).sort()).toEqual(["challenges", "disputes", "matches", "system_settings", "teams", "users"]);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/auth_tokens|tokenHash|"sess"|rate_limits/);
    const me = res.body.tables.users.find((u: { id: number }) => u.id === admin.id);
    expect(me.password).toMatch(/^\$argon2id\$/);
    expect(res.body.tables.teams.find((x: { name: string }) => x.name === "Charlie").deletedAt).toBe("2024-02-03T04:05:06.789Z");
  });
});

describe("restoring", () => {
  it("export → reset → restore (overwrite) → export gives the same tables, and the admin stays signed in", async () => {
    const { admin, agent } = await adminAgent();
    await seedClub(admin.id);
    const before = await exportBackup(agent);

    const reset = await agent.post("/api/admin/reset-data").send({});
    expect(reset.status).toBe(200);
    const empty = await snapshot(agent);
    expect(empty.users).toHaveLength(1);
    expect(empty.users![0]!.id).toBe(admin.id);
    expect(empty.teams).toHaveLength(0);
    expect(empty.matches).toHaveLength(0);

    const res = await agent.post("/api/admin/import-backup").send({ backupData: before, importMode: "overwrite" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      results: {
        users_imported: before.tables.users!.length,
        teams_imported: before.tables.teams!.length,
        challenges_imported: before.tables.challenges!.length,
        matches_imported: before.tables.matches!.length,
        disputes_imported: before.tables.disputes!.length,
        settings_imported: before.tables.system_settings!.length,
      },
    });
    expect(typeof res.body.message).toBe("string");
    const after = await exportBackup(agent);
    expect(after.tables).toEqual(before.tables);
    expect(JSON.stringify(after.tables)).toBe(JSON.stringify(before.tables));
    expect((await agent.get("/api/user")).body.id).toBe(admin.id);
  });

  it("after a restore, new rows get fresh ids (sequences follow the restored ids)", async () => {
    const { admin, agent } = await adminAgent();
    await seedClub(admin.id);
    const backup = await exportBackup(agent);
    await agent.post("/api/admin/reset-data").send({}).expect(200);
    await agent.post("/api/admin/import-backup").send({ backupData: backup, importMode: "overwrite" }).expect(200);
    const fresh = await createTeam(t.db, { name: "After Restore" });
    expect(fresh.team.id).toBeGreaterThan(Math.max(...backup.tables.teams!.map((x) => x.id as number)));
    expect(fresh.captain.id).toBeGreaterThan(Math.max(...backup.tables.users!.map((x) => x.id as number)));
    const [ch] = await t.db.insert(challenges).values({ challengerTeamId: fresh.team.id, challengedTeamId: backup.tables.teams![0]!.id as number }).returning();
    expect(ch!.id).toBeGreaterThan(Math.max(...backup.tables.challenges!.map((x) => x.id as number)));
    // And the restored members can sign in with their old passwords.
    const member = backup.tables.users!.find((u) => !u.isAdmin && !u.isSuspended && u.username)!;
    const team = backup.tables.teams!.find((x) => x.id === member.teamId)!;
    if (!team.deletedAt) await signIn(t.agent(), member.username as string, PASSWORD);
  });

  it("merging the same file twice equals merging it once, and the admin is never demoted", async () => {
    const { admin, agent } = await adminAgent();
    await seedClub(admin.id);
    const backup = await exportBackup(agent);
    // Change things the merge will put back, and add rows it leaves alone.
    const renamed = backup.tables.teams![0]!.id as number;
    await t.db.update(teams).set({ name: "Renamed meanwhile" }).where(eq(teams.id, renamed));
    const extra = await createTeam(t.db, { name: "Joined after the backup" });
    const meInFile = backup.tables.users!.find((u) => u.id === admin.id)!;
    meInFile.isAdmin = false;

    const once = await agent.post("/api/admin/import-backup").send({ backupData: backup, importMode: "merge" });
    expect(once.status).toBe(200);
    expect(once.body.results.teams_imported).toBe(backup.tables.teams!.length);
    const afterOnce = await snapshot(agent);
    const twice = await agent.post("/api/admin/import-backup").send({ backupData: backup, importMode: "merge" });
    expect(twice.status).toBe(200);
    const afterTwice = await snapshot(agent);
    expect(afterTwice).toEqual(afterOnce);
    expect(afterOnce.teams!.find((x) => x.id === renamed)!.name).toBe(backup.tables.teams![0]!.name);
    expect(afterOnce.teams!.some((x) => x.id === extra.team.id)).toBe(true);
    expect(afterOnce.users!.find((u) => u.id === admin.id)!.isAdmin).toBe(true);
    expect((await agent.get("/api/user")).status).toBe(200);
  });

  it("a truncated, invalid or inconsistent file is refused with a clear 400 and changes nothing", async () => {
    const { admin, agent } = await adminAgent();
    await seedClub(admin.id);
    const good = await exportBackup(agent);
    const before = await snapshot(agent);
    const clone = () => JSON.parse(JSON.stringify(good)) as typeof good;

    const badEnum = clone();
    badEnum.tables.matches![0]!.confirmationStatus = "maybe";
    const badType = clone();
    badType.tables.users![0]!.isAdmin = "yes";
    const badDate = clone();
    badDate.tables.teams![0]!.createdAt = "yesterday";
    const dangling = clone();
    dangling.tables.users!.push({ ...dangling.tables.users![0]!, id: 999_001, username: "ghost", email: "ghost@x.test", isAdmin: false, teamId: 987_654 });
    const dupe = clone();
    dupe.tables.teams!.push({ ...dupe.tables.teams![0]! });
    const wrongWinner = clone();
    wrongWinner.tables.matches![0]!.winnerTeamId = 424_242;
    const noTables = { formatVersion: 1, exportedAt: good.exportedAt };
    const wrongVersion = { ...clone(), formatVersion: 2 };
    const truncatedText = JSON.stringify(good).slice(0, 500);

    const cases: [string, unknown][] = [
      ["truncated JSON text", truncatedText],
      ["bad enum", badEnum],
      ["bad type", badType],
      ["bad date", badDate],
      ["dangling team reference", dangling],
      ["duplicate id", dupe],
      ["winner who did not play", wrongWinner],
      ["no tables", noTables],
      ["wrong version", wrongVersion],
      ["an array", [1, 2]],
      ["a number", 42],
    ];
    for (const mode of ["overwrite", "merge"] as const) {
      for (const [label, backupData] of cases) {
        const res = await agent.post("/api/admin/import-backup").send({ backupData, importMode: mode });
        expect(res.status, `${label} (${mode})`).toBe(400);
        expect(res.body.message, label).toBeTruthy();
        expect(res.body.title, label).toBe("Restore failed");
      }
    }
    expect((await agent.post("/api/admin/import-backup").send({ importMode: "merge" })).status).toBe(400);
    expect((await agent.post("/api/admin/import-backup").send({ backupData: good, importMode: "replace" })).status).toBe(400);
    const broken = await agent.post("/api/admin/import-backup").set("Content-Type", "application/json").send('{"backupData": {"formatVersion": 1, "tab');
    expect(broken.status).toBe(400);
    expect(await snapshot(agent)).toEqual(before);
  });

  it("a merge that clashes with existing rows is refused as a whole", async () => {
    const { admin, agent } = await adminAgent();
    const { a } = await seedClub(admin.id);
    const file = await exportBackup(agent);
    const before = await snapshot(agent);
    // A new user (fresh id) whose username belongs to someone else: the merge cannot apply.
    file.tables.teams![0]!.name = "Would change";
    const partnerRow = file.tables.users!.find((u) => u.id === a.partner.id)!;
    file.tables.users = file.tables.users!.filter((u) => u !== partnerRow);
    file.tables.users.push({ ...partnerRow, id: 888_888, email: "new@x.test" });
    const res = await agent.post("/api/admin/import-backup").send({ backupData: file, importMode: "merge" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Nothing was changed/);
    expect(await snapshot(agent)).toEqual(before);
  });

  it("takes a backup bigger than the usual 100 kB body limit", async () => {
    const { admin, agent } = await adminAgent();
    await seedClub(admin.id);
    const file = await exportBackup(agent);
    const team = file.tables.teams![0]!;
    team.bio = "x".repeat(300_000);
    const res = await agent.post("/api/admin/import-backup").send({ backupData: file, importMode: "merge" });
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ bio: teams.bio }).from(teams).where(eq(teams.id, team.id as number));
    expect(row!.bio!.length).toBe(300_000);
  });

  it("overwrite keeps the acting admin signed in even when the file gives their id to someone else", async () => {
    const { admin, agent } = await adminAgent();
    await seedClub(admin.id);
    const file = await exportBackup(agent);
    // Drop the admin from the file and give their id to another member.
    file.tables.users = file.tables.users!.filter((u) => u.id !== admin.id);
    const other = file.tables.users!.find((u) => !u.isAdmin && u.isCaptain)!;
    const oldId = other.id as number;
    for (const m of file.tables.matches!) for (const k of ["reportedBy", "approvedBy", "player1Id", "player2Id", "winnerId"]) if (m[k] === oldId) m[k] = admin.id;
    for (const d of file.tables.disputes!) if (d.reporterId === oldId) d.reporterId = admin.id;
    for (const s of file.tables.system_settings!) if (s.updatedBy === admin.id || s.updatedBy === oldId) s.updatedBy = null;
    other.id = admin.id;
    const res = await agent.post("/api/admin/import-backup").send({ backupData: file, importMode: "overwrite" });
    expect(res.status).toBe(200);
    const me = await agent.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(admin.username);
    expect(me.body.isAdmin).toBe(true);
    expect(me.body.id).not.toBe(admin.id);
    const [taken] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(taken!.username).toBe(other.username);
    await signIn(t.agent(), admin.username, PASSWORD);
  });
});

describe("resetting all data", () => {
  it("removes every other account and all teams, ends their sessions, keeps the admin and the header image, restarts ids", async () => {
    const { admin, agent } = await adminAgent();
    const { a } = await seedClub(admin.id);
    const otherAdmin = await createAdmin(t.db);
    const member = t.agent();
    await signIn(member, a.captain.username, PASSWORD);
    const res = await agent.post("/api/admin/reset-data").send({});
    expect(res.status).toBe(200);
    expect(res.body.removed.teams).toBeGreaterThanOrEqual(3);
    expect((await member.get("/api/user")).status).toBe(401);
    expect((await agent.get("/api/user")).status).toBe(200);
    const left = await t.db.select({ id: users.id }).from(users);
    expect(left.map((u) => u.id)).toEqual([admin.id]);
    expect(await t.db.select().from(users).where(eq(users.id, otherAdmin.id))).toHaveLength(0);
    expect(await t.db.select().from(teams)).toHaveLength(0);
    expect(await t.db.select().from(matches)).toHaveLength(0);
    const [setting] = await t.db.select().from(systemSettings).where(eq(systemSettings.setting, HEADER_IMAGE_SETTING));
    expect(setting!.value).toBe("https://example.test/header.png");
    const fresh = await createTeam(t.db);
    expect(fresh.team.id).toBe(1);
    const stats = (await agent.get("/api/admin/stats")).body;
    expect(stats).toMatchObject({ totalPlayers: 2, activeChallenges: 0, openDisputes: 0 });
    const tokens = (await t.db.execute(sql`select count(*)::int as n from auth_tokens`)) as unknown as { rows: { n: number }[] };
    expect(Number(tokens.rows[0]!.n)).toBe(0);
  });
});
