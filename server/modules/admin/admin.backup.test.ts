// Backup properties (docs/security.md, controls): export → reset → restore (overwrite) → export is identical;
// merge twice = merge once; a truncated or invalid file changes nothing; new rows work after a restore.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type supertest from "supertest";
import { challenges, disputes, EMPTY_AVAILABILITY, matches, systemSettings, teams, users } from "@shared/schema";
import { HEADER_IMAGE_SETTING } from "@shared/constants";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { createAdmin, createTeam, signIn, PASSWORD, ranksChanged } from "../../../tests/helpers/factories";

let t: TestApp;
useTestApp((app) => (t = app));

const adminAgent = () => t.signedInAdmin();

/** POST /api/admin/import-backup?mode=…: the body is the file itself (an object is sent as its JSON text). */
const restore = (agent: supertest.Agent, file: unknown, mode: string) =>
  agent
    .post(`/api/admin/import-backup?mode=${mode}`)
    .set("Content-Type", "application/json")
    .send(typeof file === "string" ? file : JSON.stringify(file));

/** A small club with every kind of row, odd values included. */
async function seedClub(adminId: number) {
  const a = await createTeam(t.db, { name: "Alpha =1+1", team: { rating: 1544, grassRating: 1530, grassWins: 2, wins: 2, bio: "Line1\nLine2 \"q\"" } });
  const b = await createTeam(t.db, { name: "Bravo", competitionType: "Mixed Doubles", approved: false });
  const c = await createTeam(t.db, { name: "Charlie" });
  await t.db.update(teams).set({ deletedAt: new Date("2024-02-03T04:05:06.789Z"), deletionReason: "moved away" }).where(eq(teams.id, c.team.id));
  await ranksChanged(t.db);
  await t.db
    .update(users)
    .set({ isSuspended: true, suspensionReason: "rude", photos: ["a.png"], availability: { ...EMPTY_AVAILABILITY, mon: { morning: true, afternoon: true, evening: true }, sat: { morning: false, afternoon: false, evening: true } } })
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

    const res = await restore(agent, before, "overwrite");
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
    await restore(agent, backup, "overwrite").expect(200);
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

    const once = await restore(agent, backup, "merge");
    expect(once.status).toBe(200);
    expect(once.body.results.teams_imported).toBe(backup.tables.teams!.length);
    const afterOnce = await snapshot(agent);
    const twice = await restore(agent, backup, "merge");
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
        const res = await restore(agent, backupData, mode);
        expect(res.status, `${label} (${mode})`).toBe(400);
        expect(res.body.message, label).toBeTruthy();
        expect(res.body.title, label).toBe("Restore failed");
      }
    }
    expect((await agent.post("/api/admin/import-backup?mode=merge").set("Content-Type", "application/json")).status).toBe(400);
    expect((await restore(agent, good, "replace")).status).toBe(400);
    expect((await agent.post("/api/admin/import-backup").set("Content-Type", "application/json").send(JSON.stringify(good))).status).toBe(400);
    // Deeper than a backup nests, and compressed: refused before anything is parsed or inflated.
    expect((await restore(agent, `{"tables":{"users":${"[".repeat(50)}`, "merge")).status).toBe(400);
    const gz = await agent.post("/api/admin/import-backup?mode=merge").set("Content-Type", "application/json").set("Content-Encoding", "gzip").send(gzipSync(JSON.stringify(good)));
    expect(gz.status).toBe(415);
    expect(await snapshot(agent)).toEqual(before);
  });

  it("a merge that clashes with existing rows is refused as a whole", async () => {
    const { admin, agent } = await adminAgent();
    const { m2 } = await seedClub(admin.id);
    const file = await exportBackup(agent);
    const before = await snapshot(agent);
    // A second dispute (new id) for a match that already has one: the merge cannot apply.
    file.tables.teams![0]!.name = "Would change";
    const dispute = file.tables.disputes!.find((d) => d.matchId === m2.id)!;
    dispute.id = 777_777;
    const res = await restore(agent, file, "merge");
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
    const res = await restore(agent, file, "merge");
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ bio: teams.bio }).from(teams).where(eq(teams.id, team.id as number));
    expect(row!.bio!.length).toBe(300_000);
  });

  it("overwrite keeps the acting admin (id, sign-in, admin right) even when the file gives their id to someone else", async () => {
    const { admin, agent } = await adminAgent();
    await seedClub(admin.id);
    const d = await createTeam(t.db, { name: "Delta" });
    const member = t.agent();
    await signIn(member, d.partner.username, PASSWORD);
    const file = await exportBackup(agent);
    // Drop the admin from the file and give their id to another member.
    file.tables.users = file.tables.users!.filter((u) => u.id !== admin.id);
    const other = file.tables.users!.find((u) => !u.isAdmin && u.isCaptain)!;
    const oldId = other.id as number;
    remapFileUsers(file, new Map([[oldId, admin.id]]));
    const reportedByOther = file.tables.matches!.find((m) => m.reportedBy === admin.id)!;
    const res = await restore(agent, file, "overwrite");
    expect(res.status).toBe(200);
    const me = await agent.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: admin.id, username: admin.username, isAdmin: true });
    // Every other session ended; the member who held the admin's id in the file got a free one,
    // and what they did followed them.
    expect((await member.get("/api/user")).status).toBe(401);
    const [moved] = await t.db.select().from(users).where(eq(users.username, other.username as string));
    expect(moved!.id).not.toBe(admin.id);
    expect(moved!.isAdmin).toBe(false);
    const [match] = await t.db.select().from(matches).where(eq(matches.id, reportedByOther.id as number));
    expect(match!.reportedBy).toBe(moved!.id);
    await signIn(t.agent(), admin.username, PASSWORD);
    const them = t.agent();
    await signIn(them, other.username as string, PASSWORD);
    expect((await them.get("/api/user")).body).toMatchObject({ id: moved!.id, isAdmin: false });
  });
});

/**
 * Issue 12, item 3: a genuine backup from a club where the same people have other ids (here every
 * member's id is rotated to the next member's), with admin flags that differ from the club's.
 */
describe("a restore from a backup whose ids differ", () => {
  async function setUp() {
    const { admin, agent } = await adminAgent();
    const club = await seedClub(admin.id);
    const otherAdmin = await createAdmin(t.db);
    const delta = await createTeam(t.db, { name: "Delta" });
    const captain = t.agent();
    await signIn(captain, club.a.captain.username, PASSWORD);
    const partner = t.agent();
    await signIn(partner, delta.partner.username, PASSWORD);
    const file = await exportBackup(agent);
    const ids = file.tables.users!.map((u) => u.id as number).sort((x, y) => x - y);
    remapFileUsers(file, new Map(ids.map((id, i) => [id, ids[(i + 1) % ids.length]!])));
    const row = (username: string | null) => file.tables.users!.find((u) => u.username === username)!;
    // In the file: a player is an admin, the second admin is not, and a new member claims to be one.
    row(delta.partner.username).isAdmin = true;
    row(otherAdmin.username!).isAdmin = false;
    row(club.a.captain.username).name = "Renamed In Backup";
    const newcomer = `newcomer_${admin.id}`;
    file.tables.users!.push({ ...row(club.a.captain.username), id: 999_123, username: newcomer, email: `${newcomer}@x.test`, isAdmin: true, name: "Newcomer" });
    const holdsAdminId = file.tables.users!.find((u) => u.id === admin.id)!;
    expect(holdsAdminId.username).not.toBe(admin.username);
    return { admin, agent, club, otherAdmin, captain, partner, file, holdsAdminId, newcomer };
  }

  const adminIds = async () => (await t.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).map((u) => u.id).sort((x, y) => x - y);
  const sessionOwners = async () => {
    const res = (await t.db.execute(sql`select sid, sess -> 'passport' ->> 'user' as uid from "session" order by sid`)) as unknown as { rows: { sid: string; uid: string | null }[] };
    return res.rows;
  };

  it("merge matches people by username/email: no admin right is granted, moved or removed, and every session keeps its owner", async () => {
    const { admin, agent, club, otherAdmin, captain, partner, file, holdsAdminId, newcomer: newcomerName } = await setUp();
    const adminsBefore = await adminIds();
    const sessionsBefore = await sessionOwners();
    const captainBefore = (await captain.get("/api/user")).body;
    const partnerBefore = (await partner.get("/api/user")).body;

    const res = await restore(agent, file, "merge");
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect(await adminIds()).toEqual(adminsBefore);
    expect(await sessionOwners()).toEqual(sessionsBefore);
    expect((await agent.get("/api/user")).body).toMatchObject({ id: admin.id, username: admin.username, isAdmin: true });
    expect((await captain.get("/api/user")).body).toMatchObject({ id: captainBefore.id, username: captainBefore.username, isAdmin: false, name: "Renamed In Backup" });
    expect((await partner.get("/api/user")).body).toMatchObject({ id: partnerBefore.id, username: partnerBefore.username, isAdmin: false });
    // The member whose file row carried the admin's id signs in as themselves, not as the admin.
    const them = t.agent();
    await signIn(them, holdsAdminId.username as string, PASSWORD);
    const who = (await them.get("/api/user")).body;
    expect(who.id).not.toBe(admin.id);
    expect(who.isAdmin).toBe(false);
    // The admin and the second admin still sign in as admins.
    await signIn(t.agent(), admin.username, PASSWORD);
    const second = t.agent();
    await signIn(second, otherAdmin.username, PASSWORD);
    expect((await second.get("/api/user")).body).toMatchObject({ id: otherAdmin.id, isAdmin: true });
    // The newcomer is a new account with a fresh id, never an admin.
    const [newcomer] = await t.db.select().from(users).where(eq(users.username, newcomerName));
    expect(newcomer!.isAdmin).toBe(false);
    expect(newcomer!.id).not.toBe(999_123);
    // References follow the people: the match the captain reported is still the captain's.
    const [m1] = await t.db.select().from(matches).where(eq(matches.id, club.m1.id));
    expect(m1!.reportedBy).toBe(club.a.captain.id);
    expect(m1!.approvedBy).toBe(club.b.captain.id);
    const [d] = await t.db.select().from(disputes).where(eq(disputes.matchId, club.m2.id));
    expect(d!.reporterId).toBe(club.a.captain.id);
    // Merging it again changes nothing more.
    const once = await snapshot(agent);
    expect((await restore(agent, file, "merge")).status).toBe(200);
    expect(await snapshot(agent)).toEqual(once);
  });

  it("overwrite ends every session but the acting admin's and keeps them signed in as the admin", async () => {
    const { admin, agent, captain, partner, file, holdsAdminId } = await setUp();
    const res = await restore(agent, file, "overwrite");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await agent.get("/api/user")).body).toMatchObject({ id: admin.id, username: admin.username, isAdmin: true });
    expect((await captain.get("/api/user")).status).toBe(401);
    expect((await partner.get("/api/user")).status).toBe(401);
    const owners = await sessionOwners();
    expect(owners.length).toBeGreaterThan(0);
    expect(new Set(owners.map((s) => s.uid))).toEqual(new Set([String(admin.id)]));
    await signIn(t.agent(), admin.username, PASSWORD);
    const them = t.agent();
    await signIn(them, holdsAdminId.username as string, PASSWORD);
    expect((await them.get("/api/user")).body.id).not.toBe(admin.id);
  });
});

/** Rewrites user ids in a backup file (rows and every reference), as another club's numbering would. */
function remapFileUsers(file: { tables: Record<string, Record<string, unknown>[]> }, map: Map<number, number>) {
  const m = (v: unknown) => (typeof v === "number" && map.has(v) ? map.get(v)! : v);
  const refs: Record<string, string[]> = {
    users: ["id"],
    challenges: ["createdBy"],
    matches: ["player1Id", "player2Id", "winnerId", "approvedBy", "reportedBy"],
    disputes: ["reporterId", "resolvedBy"],
    system_settings: ["updatedBy"],
  };
  for (const [table, keys] of Object.entries(refs)) for (const row of file.tables[table]!) for (const k of keys) row[k] = m(row[k]);
}

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
