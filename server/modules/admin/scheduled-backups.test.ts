// Scheduled backups (issue 12): one per period across instances (a claimed row), written 0600 in a
// 0700 folder, the newest BACKUP_KEEP kept; the admin panel's list, download and restore.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { teams } from "@shared/schema";
import { useTestApp, type TestApp } from "../../../tests/helpers/app";
import { createTeam } from "../../../tests/helpers/factories";
import { listBackupFiles, periodOf, runScheduledBackup } from "./scheduled-backups";

let t: TestApp;
useTestApp((app) => (t = app));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another instance's view: the same database, its own folder and settings. */
function instance(env: Partial<TestApp["deps"]["env"]> = {}) {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-instance-"));
  dirs.push(backupDir);
  return { ...t.deps, env: { ...t.deps.env, BACKUP_SCHEDULE: "daily" as const, BACKUP_KEEP: 14, backupDir, ...env } };
}

describe("the schedule", () => {
  it("names periods by UTC hour, day and week (from Monday)", () => {
    const at = new Date("2026-11-26T03:40:00Z"); // a Thursday
    expect(periodOf("hourly", at)).toBe("2026-11-26T03");
    expect(periodOf("daily", at)).toBe("2026-11-26");
    expect(periodOf("weekly", at)).toBe("week-2026-11-23");
    expect(periodOf("weekly", new Date("2026-11-23T00:00:00Z"))).toBe("week-2026-11-23");
    expect(periodOf("weekly", new Date("2026-11-29T23:59:59Z"))).toBe("week-2026-11-23");
  });

  it("writes one backup per period across two instances running at once, 0600 in a 0700 folder", async () => {
    await createTeam(t.db, { name: "Scheduled Team" });
    const a = instance();
    const b = instance();
    const now = new Date("2031-01-02T10:00:00Z");
    const runs = await Promise.all([runScheduledBackup(a, { now }), runScheduledBackup(b, { now }), runScheduledBackup(a, { now })]);
    expect(runs.filter((r) => "written" in r)).toHaveLength(1);
    expect(runs.filter((r) => "skipped" in r && r.skipped === "claimed")).toHaveLength(2);
    const files = [...listBackupFiles(a.env.backupDir), ...listBackupFiles(b.env.backupDir)];
    expect(files).toHaveLength(1);
    const dir = listBackupFiles(a.env.backupDir).length ? a.env.backupDir : b.env.backupDir;
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const file = path.join(dir, files[0]!.name);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const content = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(content.formatVersion).toBe(1);
    expect(content.tables.teams.some((x: { name: string }) => x.name === "Scheduled Team")).toBe(true);
    // Later that day: already done. The next day: a new one.
    expect(await runScheduledBackup(b, { now: new Date("2031-01-02T23:00:00Z") })).toEqual({ skipped: "claimed" });
    expect("written" in (await runScheduledBackup(b, { now: new Date("2031-01-03T00:05:00Z") }))).toBe(true);
    expect(await runScheduledBackup(instance({ BACKUP_SCHEDULE: "off" }), { now: new Date("2031-01-09T00:00:00Z") })).toEqual({ skipped: "off" });
  });

  it("keeps the newest BACKUP_KEEP and deletes the older ones", async () => {
    const a = instance({ BACKUP_SCHEDULE: "hourly", BACKUP_KEEP: 3 });
    for (let h = 0; h < 5; h++) await runScheduledBackup(a, { now: new Date(Date.UTC(2032, 0, 1, h)) });
    const left = listBackupFiles(a.env.backupDir);
    expect(left.map((b) => b.createdAt)).toEqual(["2032-01-01T04:00:00.000Z", "2032-01-01T03:00:00.000Z", "2032-01-01T02:00:00.000Z"]);
    expect(fs.readdirSync(a.env.backupDir).filter((n) => n.endsWith(".partial"))).toEqual([]);
  });
});

describe("the admin panel's scheduled backups", () => {
  it("lists them newest first, downloads one byte for byte and restores one; other names are 404", async () => {
    const { agent } = await t.signedInAdmin();
    const { team } = await createTeam(t.db, { name: "Before The Backup" });
    const run = await runScheduledBackup({ ...t.deps, env: { ...t.deps.env, BACKUP_SCHEDULE: "hourly" } }, { now: new Date("2033-05-05T05:00:00Z") });
    if (!("written" in run)) throw new Error("no backup written");
    const list = await agent.get("/api/admin/backups");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ schedule: t.env.BACKUP_SCHEDULE, keep: t.env.BACKUP_KEEP });
    expect(list.body.backups[0]).toMatchObject({ name: run.written, createdAt: "2033-05-05T05:00:00.000Z", bytes: run.bytes });

    const download = await agent.get(`/api/admin/backups/${run.written}`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => cb(null, Buffer.concat(chunks)));
    });
    expect(download.status).toBe(200);
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${run.written}"`);
    expect(Buffer.compare(download.body as Buffer, fs.readFileSync(path.join(t.env.backupDir, run.written)))).toBe(0);

    await t.db.update(teams).set({ name: "Renamed After" }).where(eq(teams.id, team.id));
    const restored = await agent.post(`/api/admin/backups/${run.written}/restore?mode=merge`).set("Content-Type", "application/json");
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row!.name).toBe("Before The Backup");

    for (const name of ["doubles-ladder-backup-2000-01-01T00-00-00Z.json", "..%2F..%2Fetc%2Fpasswd", "session-secret"]) {
      expect((await agent.get(`/api/admin/backups/${name}`)).status, name).toBe(404);
      expect((await agent.post(`/api/admin/backups/${name}/restore?mode=merge`).set("Content-Type", "application/json")).status, name).toBe(404);
    }
    expect((await agent.post(`/api/admin/backups/${run.written}/restore?mode=replace`).set("Content-Type", "application/json")).status).toBe(400);
  });
});
