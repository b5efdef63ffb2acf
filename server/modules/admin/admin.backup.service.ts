// Full backup and restore.
// Export: every table the product owns (never tokens, sessions or rate limits), read in one
// consistent snapshot. Import: the whole file is checked before anything is written, then applied
// in one transaction (overwrite replaces everything but the acting admin; merge matches people by
// username/email and upserts the rest by id). docs/decisions/012-backups-restore-and-schedule.md.
import { getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { challenges, disputes, matches, systemSettings, teams, users } from "@shared/schema";
import {
  BACKUP_FORMAT_VERSION,
  INVALID_BACKUP_FILE,
  backupFileSchema,
  danglingReferences,
  type BackupFileData,
  type ImportMode,
} from "@shared/validators/admin";
import type { ImportBackupResponse, ImportResults } from "@shared/types/admin";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import type { DbOrTx, Tx } from "../../db/client";
import { AppError, badRequest } from "../../lib/app-error";
import { resetSequences } from "./admin.data.service";
import type { Progress } from "./data-operations";

const TITLE = "Restore failed";
const CHUNK = 400;

/** The tables of a backup, in file order, each read by ascending id. */
const BACKUP_TABLES = [
  ["users", users],
  ["teams", teams],
  ["challenges", challenges],
  ["matches", matches],
  ["disputes", disputes],
  ["system_settings", systemSettings],
] as const;

/** Rows per read while exporting: memory stays bounded by one page, whatever the club's size. */
export const EXPORT_PAGE = 1000;

/** Writes a chunk of the file; resolves when the destination can take more (backpressure). */
export type ChunkWriter = (chunk: string) => Promise<void>;

/** What an export wrote. */
export interface ExportSummary {
  rows: Record<(typeof BACKUP_TABLES)[number][0], number>;
}

async function writeTables(q: DbOrTx, write: ChunkWriter, ceilings?: Map<string, number>, yieldBetween = false): Promise<ExportSummary> {
  const rows = {} as ExportSummary["rows"];
  await write(`{"formatVersion":${BACKUP_FORMAT_VERSION},"exportedAt":${JSON.stringify(new Date().toISOString())},"tables":{`);
  for (const [i, [name, table]] of BACKUP_TABLES.entries()) {
    await write(`${i ? "," : ""}${JSON.stringify(name)}:[`);
    let last = 0;
    let n = 0;
    const ceiling = ceilings?.get(name);
    for (;;) {
      const where = ceiling === undefined ? sql`${table.id} > ${last}` : sql`${table.id} > ${last} and ${table.id} <= ${ceiling}`;
      const page = (await q.select().from(table as PgTable).where(where).orderBy(table.id).limit(EXPORT_PAGE)) as { id: number }[];
      if (page.length === 0) break;
      await write(`${n ? "," : ""}${page.map((r) => JSON.stringify(r)).join(",")}`);
      n += page.length;
      last = page[page.length - 1]!.id;
      if (page.length < EXPORT_PAGE) break;
      // The embedded database has one connection: let other requests' queries in between pages.
      if (yieldBetween) await new Promise((r) => setImmediate(r));
    }
    rows[name] = n;
    await write("]");
  }
  await write("}}");
  return { rows };
}

/**
 * Streams a full backup as JSON text through `write`, a page of rows at a time (memory bounded by
 * one page). PostgreSQL: one consistent snapshot (a REPEATABLE READ, read-only transaction, which
 * may stay open while a slow client downloads). PGlite has one connection, so a transaction would
 * hold every other request for the whole download: pages are read one query at a time, yielding in
 * between, up to the largest id each table had when the export began (rows added during the export
 * are left out; see docs/decisions/012-backups-restore-and-schedule.md).
 */
export async function streamFullBackup(
  deps: Deps<"db" | "database" | "logger">,
  o: { actor: Pick<Actor, "id"> | null; write: ChunkWriter },
): Promise<ExportSummary> {
  const { write } = o;
  let summary: ExportSummary;
  if (deps.database.kind === "pg") {
    summary = await deps.db.transaction(
      async (tx) => {
        await tx.execute(sql`set local idle_in_transaction_session_timeout = '15min'`);
        return writeTables(tx, write);
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  } else {
    const ceilings = new Map<string, number>();
    for (const [name, table] of BACKUP_TABLES) {
      const [row] = await deps.db.select({ max: sql<number | null>`max(${table.id})` }).from(table as PgTable);
      ceilings.set(name, Number(row?.max ?? 0));
    }
    summary = await writeTables(deps.db, write, ceilings, true);
  }
  deps.logger.info({ event: "admin.export_backup", adminId: o.actor?.id ?? null, ...summary.rows }, "full backup exported");
  return summary;
}

/** Checks the parsed file (readBackupUpload's result). Throws a 400 naming the first problem. */
export function parseBackup(data: unknown): BackupFileData {
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw badRequest(`${INVALID_BACKUP_FILE}.`, { title: TITLE, code: "invalid_backup" });
  const parsed = backupFileSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? ` (at ${formatPath(first.path)})` : "";
    throw badRequest(`Invalid backup file${where}: ${(first?.message ?? "unreadable").replace(/\.?$/, ".")} Nothing was changed.`, {
      title: TITLE,
      code: "invalid_backup",
    });
  }
  return parsed.data;
}

function formatPath(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${String(p)}`)).join("");
}


function findActorRow(file: BackupFileData, actor: Pick<Actor, "username" | "email">) {
  const lower = (s: string | null) => s?.toLowerCase() ?? null;
  return (
    (actor.username ? file.tables.users.find((u) => lower(u.username) === lower(actor.username)) : undefined) ??
    file.tables.users.find((u) => lower(u.email) === lower(actor.email))
  );
}

type FileUser = BackupFileData["tables"]["users"][number];

/** Rewrites every user reference in the file through `map` (ids not in it stay as they are). */
function remapUsers(file: BackupFileData, map: Map<number, number>): void {
  const m = (v: number | null) => (v === null ? v : (map.get(v) ?? v));
  const t = file.tables;
  for (const u of t.users) u.id = m(u.id)!;
  for (const c of t.challenges) c.createdBy = m(c.createdBy);
  for (const x of t.matches) {
    x.player1Id = m(x.player1Id);
    x.player2Id = m(x.player2Id);
    x.winnerId = m(x.winnerId);
    x.approvedBy = m(x.approvedBy);
    x.reportedBy = m(x.reportedBy);
  }
  for (const d of t.disputes) {
    d.reporterId = m(d.reporterId);
    d.resolvedBy = m(d.resolvedBy);
  }
  for (const s of t.system_settings) s.updatedBy = m(s.updatedBy);
}

/**
 * Overwrite: the acting admin keeps their id (so their session stays theirs). The file's row for
 * them (if any) takes that id; a file row that holds the id but is someone else moves to a free id.
 */
function keepActorId(file: BackupFileData, actor: Pick<Actor, "id">, actorRow: FileUser | undefined): void {
  const map = new Map<number, number>();
  if (actorRow && actorRow.id !== actor.id) map.set(actorRow.id, actor.id);
  const squatter = file.tables.users.find((u) => u.id === actor.id && u !== actorRow);
  if (squatter) map.set(squatter.id, Math.max(actor.id, ...file.tables.users.map((u) => u.id)) + 1);
  if (map.size) remapUsers(file, map);
}

/** The fields a restore never takes from a file row for an account that already exists. */
const IDENTITY_FIELDS = ["id", "username", "email", "password", "isAdmin"] as const;

/**
 * Merge matches people by who they are (username, else email; case-insensitive), never by id:
 * each file row becomes either an existing account (its id; its sign-in identity, password and admin
 * right stay) or a new account with a fresh id that is never an admin. Every reference in the file
 * follows. Returns the rows to update and the rows to insert.
 */
async function matchPeople(tx: Tx, file: BackupFileData) {
  const existing = await tx
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin, isSuspended: users.isSuspended })
    .from(users);
  const byUsername = new Map(existing.filter((u) => u.username).map((u) => [u.username!.toLowerCase(), u]));
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  const updates: (FileUser & { id: number })[] = [];
  const inserts: FileUser[] = [];
  const map = new Map<number, number>();
  const claimed = new Set<number>();
  for (const row of file.tables.users) {
    const found = (row.username ? byUsername.get(row.username.toLowerCase()) : undefined) ?? byEmail.get(row.email.toLowerCase());
    if (found && !claimed.has(found.id)) {
      claimed.add(found.id);
      map.set(row.id, found.id);
      updates.push({
        ...row,
        id: found.id,
        username: found.username,
        email: found.email,
        isAdmin: found.isAdmin,
        // An admin is never suspended by a merge (suspending is not how admin rights are taken away).
        isSuspended: found.isAdmin ? found.isSuspended : row.isSuspended,
      });
    } else if (found) {
      // Two file rows are one existing person (one by username, one by email): the file contradicts the club.
      throw badRequest(
        `The backup could not be merged: two of its members (${row.username ?? row.email} and another) are the same existing member. Nothing was changed.`,
        { title: TITLE, code: "restore_conflict" },
      );
    } else inserts.push({ ...row, isAdmin: false });
  }
  return { updates, inserts, map };
}

const excludedSet = (table: PgTable, except: string[] = []) => {
  const set: Record<string, SQL> = {};
  for (const [key, col] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    if (key === "id" || except.includes(key)) continue;
    set[key] = sql.raw(`excluded."${col.name}"`);
  }
  return set;
};

async function insertChunks<T extends Record<string, unknown>>(
  tx: Tx,
  table: PgTable,
  rows: T[],
  upsert: boolean,
  extraSet: Record<string, SQL> = {},
  keep: readonly string[] = [],
  onBatch?: (written: number) => void,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    onBatch?.(i);
    const q = tx.insert(table).values(rows.slice(i, i + CHUNK) as never);
    if (upsert) {
      const idCol = (getTableColumns(table) as Record<string, PgColumn>).id!;
      await q.onConflictDoUpdate({ target: idCol, set: { ...excludedSet(table, [...keep]), ...extraSet } });
    } else await q;
  }
}

async function assertReferencesExist(tx: Tx, file: BackupFileData, mode: ImportMode): Promise<void> {
  const missing = danglingReferences(file);
  const checks = [
    ["teams", teams, missing.teams],
    ["users", users, missing.users],
    ["matches", matches, missing.matches],
    ["challenges", challenges, missing.challenges],
  ] as const;
  for (const [name, table, ids] of checks) {
    if (ids.length === 0) continue;
    let absent: number[] = ids;
    // People are matched by who they are, so a reference to a member the file does not hold cannot
    // be resolved by id: refused in both modes.
    if (mode === "merge" && name !== "users") {
      const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
      const have = new Set(found.map((r) => r.id));
      absent = ids.filter((id) => !have.has(id));
    }
    if (absent.length)
      throw badRequest(
        `Invalid backup file: it refers to ${name} that are not in it (id ${absent.slice(0, 5).join(", ")}${absent.length > 5 ? ", …" : ""}). Nothing was changed.`,
        { title: TITLE, code: "invalid_backup" },
      );
  }
}

/**
 * Restores a checked backup in one transaction. Neither mode changes whose a live session is: the
 * acting admin keeps their id, and no existing account changes id.
 * - overwrite: everything the product owns goes except the acting admin's row; the file's rows come
 *   in with their ids (a file row holding the admin's id moves to a free one). If the file holds the
 *   acting admin (same username, else same email), that row's profile applies to them, but they keep
 *   their sign-in identity, password and admin right. Every other session ends. Sequences restart
 *   after the largest id.
 * - merge: people are matched by username, else email, never by id (matchPeople); no admin right is
 *   granted, moved or removed. Teams, challenges, matches and disputes upsert by id, settings by name.
 */
export async function importBackup(
  deps: Deps<"db" | "logger">,
  o: { actor: Pick<Actor, "id" | "username" | "email">; backupData: unknown; importMode: ImportMode; progress?: Progress },
): Promise<ImportBackupResponse> {
  const progress: Progress = o.progress ?? (() => undefined);
  progress("Checking the file");
  const file = parseBackup(o.backupData);
  const total = Object.values(file.tables).reduce((n, rows) => n + rows.length, 0);
  let written = 0;
  /** Reports each batch of a table as part of the whole file. */
  const step = (label: string, count: number) => {
    const before = written;
    written += count;
    return (n: number) => progress(label, before + n, total);
  };
  const results: ImportResults = {
    users_imported: file.tables.users.length,
    teams_imported: file.tables.teams.length,
    challenges_imported: file.tables.challenges.length,
    matches_imported: file.tables.matches.length,
    disputes_imported: file.tables.disputes.length,
    settings_imported: file.tables.system_settings.length,
  };
  try {
    await deps.db.transaction(async (tx) => {
      const t = file.tables;
      await assertReferencesExist(tx, file, o.importMode);
      if (o.importMode === "overwrite") {
        const actorRow = findActorRow(file, o.actor);
        keepActorId(file, o.actor, actorRow);
        progress("Removing the current data", 0, total);
        await tx.execute(sql`delete from disputes`);
        await tx.execute(sql`delete from matches`);
        await tx.execute(sql`delete from challenges`);
        await tx.execute(sql`delete from system_settings`);
        await tx.execute(sql`delete from auth_tokens`);
        await tx.execute(sql`delete from "session" where (sess -> 'passport' ->> 'user') is distinct from ${String(o.actor.id)}`);
        await tx.execute(sql`delete from users where id <> ${o.actor.id}`);
        await tx.execute(sql`update users set team_id = null where id = ${o.actor.id}`);
        await tx.execute(sql`delete from teams`);
        await insertChunks(tx, teams, t.teams, false, {}, [], step("Writing teams", t.teams.length));
        if (actorRow) {
          const { id: _id, username: _u, email: _e, password: _p, isAdmin: _a, ...profile } = actorRow;
          await tx.update(users).set({ ...profile, isSuspended: false, suspensionReason: null }).where(sql`${users.id} = ${o.actor.id}`);
        }
        const others = t.users.filter((u) => u !== actorRow);
        await insertChunks(tx, users, others, false, {}, [], step("Writing members", t.users.length));
        await insertChunks(tx, systemSettings, t.system_settings, false);
      } else {
        await insertChunks(tx, teams, t.teams, true, {}, [], step("Writing teams", t.teams.length));
        progress("Matching members", written, total);
        const people = await matchPeople(tx, file);
        // Existing accounts: the profile comes from the file; id, sign-in identity, password and
        // admin right stay (the values carry the existing ones, and the update leaves them out).
        await insertChunks(tx, users, people.updates, true, {}, IDENTITY_FIELDS, step("Writing members", people.updates.length));
        const newMembers = step("Writing members", people.inserts.length);
        for (let i = 0; i < people.inserts.length; i += CHUNK) {
          newMembers(i);
          const batch = people.inserts.slice(i, i + CHUNK);
          const made = await tx
            .insert(users)
            .values(batch.map(({ id: _id, ...row }) => row))
            .returning({ id: users.id, email: users.email });
          const fileIdByEmail = new Map(batch.map((r) => [r.email.toLowerCase(), r.id]));
          for (const m of made) people.map.set(fileIdByEmail.get(m.email.toLowerCase())!, m.id);
        }
        remapUsers(file, people.map);
        for (const s of t.system_settings) {
          await tx
            .insert(systemSettings)
            .values({ setting: s.setting, value: s.value, updatedAt: s.updatedAt, updatedBy: s.updatedBy })
            .onConflictDoUpdate({
              target: systemSettings.setting,
              set: { value: s.value, updatedAt: s.updatedAt, updatedBy: s.updatedBy },
            });
        }
      }
      const merge = o.importMode === "merge";
      await insertChunks(tx, challenges, t.challenges, merge, {}, [], step("Writing challenges", t.challenges.length));
      await insertChunks(tx, matches, t.matches, merge, {}, [], step("Writing matches", t.matches.length));
      await insertChunks(tx, disputes, t.disputes, merge, {}, [], step("Writing disputes", t.disputes.length));
      progress("Finishing", total, total);
      await resetSequences(tx);
    });
  } catch (err) {
    throw asRestoreError(err);
  }
  deps.logger.warn({ event: "admin.import", adminId: o.actor.id, mode: o.importMode, results }, "backup restored");
  const verb = o.importMode === "overwrite" ? "restored (existing data replaced)" : "merged into the existing data";
  return {
    success: true,
    message: `Backup ${verb}: ${results.users_imported} users, ${results.teams_imported} teams, ${results.matches_imported} matches.`,
    mode: o.importMode,
    results,
  };
}

/** A database refusal during restore (a clash with existing rows in a merge) is the file's fault: 400, nothing changed. */
function asRestoreError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    const e = cur as { code?: string; detail?: string; message?: string };
    if (typeof e.code === "string" && /^(23|22)/.test(e.code)) {
      const detail = e.detail ?? e.message ?? "";
      const why = e.code === "23505" ? "it clashes with existing data" : e.code === "23503" ? "it refers to missing records" : "it holds an invalid value";
      return badRequest(`The backup could not be restored: ${why}${detail ? ` (${detail})` : ""}. Nothing was changed.`, {
        title: TITLE,
        code: "restore_conflict",
      });
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return err;
}
