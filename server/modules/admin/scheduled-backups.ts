// Scheduled full backups (issue 12): once per period (BACKUP_SCHEDULE: hourly, daily, weekly; UTC)
// across every instance, the instance that claims the period's row in backup_runs writes the same
// file as the admin download to BACKUP_DIR (0700 folder, 0600 files, written under a temporary name
// and renamed when complete), then keeps the newest BACKUP_KEEP. The admin panel lists them, and
// downloads or restores one (admin routes). docs/decisions/012-backups-restore-and-schedule.md.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { backupRuns } from "@shared/schema";
import type { ScheduledBackup } from "@shared/types/admin";
import type { AppDeps, Deps } from "../../deps";
import { ensurePrivateDir } from "../../config/data-dir";
import { chunkWriter } from "../../lib/chunk-writer";
import { AppError } from "../../lib/app-error";
import { streamFullBackup } from "./admin.backup.service";

type Schedule = AppDeps["env"]["BACKUP_SCHEDULE"];

/** The only names this folder's backups have (and the only ones the routes accept). */
const FILE_NAME = /^doubles-ladder-backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)\.json$/;

/** The period `at` falls in, as the claim key: 2026-11-26 (daily), 2026-11-26T03 (hourly), week-2026-11-23 (weekly, from Monday). */
export function periodOf(schedule: Exclude<Schedule, "off">, at: Date): string {
  const iso = at.toISOString();
  if (schedule === "hourly") return iso.slice(0, 13);
  if (schedule === "daily") return iso.slice(0, 10);
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - ((at.getUTCDay() + 6) % 7)));
  return `week-${monday.toISOString().slice(0, 10)}`;
}

export type ScheduledRun = { written: string; bytes: number; pruned: string[] } | { skipped: "off" | "claimed" };

/**
 * Writes this period's backup if no instance has claimed the period yet. A failed write gives the
 * claim back, so the next run (on any instance) tries again.
 */
export async function runScheduledBackup(
  deps: Deps<"db" | "database" | "logger"> & { env: Pick<AppDeps["env"], "BACKUP_SCHEDULE" | "BACKUP_KEEP" | "backupDir"> },
  o: { now?: Date } = {}): Promise<ScheduledRun> {
  const now = o.now ?? new Date();
  const schedule = deps.env.BACKUP_SCHEDULE;
  if (schedule === "off") return { skipped: "off" };
  const period = periodOf(schedule, now);
  const claimed = await deps.db.insert(backupRuns).values({ period }).onConflictDoNothing().returning({ period: backupRuns.period });
  if (claimed.length === 0) return { skipped: "claimed" };
  const dir = deps.env.backupDir;
  const name = `doubles-ladder-backup-${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z.json`;
  const final = path.join(dir, name);
  const partial = path.join(dir, `.${name}.partial`);
  try {
    ensurePrivateDir(dir, "BACKUP_DIR");
    const out = fs.createWriteStream(partial, { mode: 0o600, flags: "wx" });
    const opened = new Promise<void>((resolve, reject) => out.once("open", () => resolve()).once("error", reject));
    await opened;
    try {
      await streamFullBackup(deps, { actor: null, write: chunkWriter(out) });
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    } catch (err) {
      out.destroy();
      throw err;
    }
    fs.renameSync(partial, final);
    const bytes = fs.statSync(final).size;
    await deps.db.update(backupRuns).set({ finishedAt: new Date(), file: name, bytes }).where(eq(backupRuns.period, period));
    const pruned = pruneBackups(dir, deps.env.BACKUP_KEEP);
    deps.logger.info({ event: "backup.scheduled", period, file: final, bytes, pruned: pruned.length }, "scheduled backup written");
    return { written: name, bytes, pruned };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    await deps.db.delete(backupRuns).where(eq(backupRuns.period, period)).catch(() => undefined);
    throw err;
  }
}

/** Deletes all but the newest `keep` backups of the folder (by the time in their names); returns what went. */
export function pruneBackups(dir: string, keep: number): string[] {
  const names = listBackupFiles(dir).map((b) => b.name);
  const gone = names.slice(keep);
  for (const name of gone) fs.rmSync(path.join(dir, name), { force: true });
  return gone;
}

/** The folder's backups, newest first. */
export function listBackupFiles(dir: string): ScheduledBackup[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  return names
    .map((name) => ({ name, m: FILE_NAME.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .map(({ name, m }) => {
      const [date, time] = m[1]!.split("T") as [string, string];
      return { name, createdAt: `${date}T${time.slice(0, 8).replace(/-/g, ":")}.000Z`, bytes: fs.statSync(path.join(dir, name)).size };
    })
    .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** The path of one listed backup; 404 for any other name (no path can be smuggled in). */
export function backupFilePath(dir: string, name: string): string {
  if (!FILE_NAME.test(name) || !listBackupFiles(dir).some((b) => b.name === name))
    throw new AppError(404, "That backup does not exist (it may have been pruned).", { code: "not_found", title: "Backup not found" });
  return path.join(dir, name);
}

/** For tests and the panel: the claimed periods, newest first. */
export async function listBackupRuns(deps: Deps<"db">, o: { limit?: number } = {}) {
  return deps.db.select().from(backupRuns).orderBy(sql`${backupRuns.claimedAt} desc`).limit(o.limit ?? 20);
}
