// Full backup and restore.
// Export: every table the product owns (never tokens, sessions or rate limits), read in one
// consistent snapshot. Import: the whole file is checked before anything is written, then applied
// in one transaction (overwrite replaces everything but the acting admin; merge upserts by id).
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

const TITLE = "Restore failed";
const CHUNK = 400;

async function readTables(tx: DbOrTx) {
  return {
    users: await tx.select().from(users).orderBy(users.id),
    teams: await tx.select().from(teams).orderBy(teams.id),
    challenges: await tx.select().from(challenges).orderBy(challenges.id),
    matches: await tx.select().from(matches).orderBy(matches.id),
    disputes: await tx.select().from(disputes).orderBy(disputes.id),
    system_settings: await tx.select().from(systemSettings).orderBy(systemSettings.id),
  };
}

export type BackupTables = Awaited<ReturnType<typeof readTables>>;
export interface BackupFile {
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  exportedAt: string;
  tables: BackupTables;
}

/**
 * One consistent snapshot: a REPEATABLE READ, read-only transaction on PostgreSQL (PGlite has one
 * connection, so any transaction sees one state).
 */
export async function exportFullBackup(deps: Deps<"db" | "database" | "logger">, o: { actor: Pick<Actor, "id"> }): Promise<BackupFile> {
  const tables =
    deps.database.kind === "pg"
      ? await deps.db.transaction((tx) => readTables(tx), { isolationLevel: "repeatable read", accessMode: "read only" })
      : await deps.db.transaction((tx) => readTables(tx));
  deps.logger.info(
    { event: "admin.export_backup", adminId: o.actor.id, users: tables.users.length, teams: tables.teams.length, matches: tables.matches.length },
    "full backup exported",
  );
  return { formatVersion: BACKUP_FORMAT_VERSION, exportedAt: new Date().toISOString(), tables };
}

/** Parses and checks the file (object or JSON text). Throws a 400 naming the first problem. */
export function parseBackup(backupData: unknown): BackupFileData {
  let data = backupData;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      throw badRequest(`${INVALID_BACKUP_FILE}: the file is not valid JSON (it may be truncated). Nothing was changed.`, { title: TITLE, code: "invalid_backup" });
    }
  }
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


/** The backup row that is the acting admin: same username, else same email (case-insensitive). */
function findActorRow(file: BackupFileData, actor: Pick<Actor, "username" | "email">) {
  const lower = (s: string | null) => s?.toLowerCase() ?? null;
  return (
    (actor.username ? file.tables.users.find((u) => lower(u.username) === lower(actor.username)) : undefined) ??
    file.tables.users.find((u) => lower(u.email) === lower(actor.email))
  );
}

/** Replaces every reference to user `from` in the file by `to` (merge: the actor keeps their id). */
function remapUser(file: BackupFileData, from: number, to: number): void {
  const m = (v: number | null) => (v === from ? to : v);
  const t = file.tables;
  t.users = t.users.filter((u) => u.id !== from);
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

/** Moves a user row to another id and keeps their sessions pointing at it. */
async function moveUser(tx: Tx, from: number, to: number): Promise<void> {
  await tx.execute(sql`update users set id = ${to} where id = ${from}`);
  await tx.execute(sql`
    update "session" set sess = jsonb_set(sess::jsonb, '{passport,user}', to_jsonb(${String(to)}::text))::json
    where (sess -> 'passport' ->> 'user') = ${String(from)}`);
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
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const q = tx.insert(table).values(rows.slice(i, i + CHUNK) as never);
    if (upsert) {
      const idCol = (getTableColumns(table) as Record<string, PgColumn>).id!;
      await q.onConflictDoUpdate({ target: idCol, set: { ...excludedSet(table), ...extraSet } });
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
    if (mode === "merge") {
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
 * Restores a checked backup in one transaction.
 * - overwrite: everything the product owns goes except the acting admin's row. If the file holds
 *   the acting admin (same username, else same email), that row wins (with its id; sessions follow)
 *   but stays an admin; if the file holds another user with the admin's id, the admin moves to a
 *   free id. Rows are inserted with their ids; sequences restart after the largest id.
 * - merge: upsert by id (settings by name); the acting admin's row is never demoted, and a file row
 *   that is the acting admin under another id is folded into the admin's row.
 */
export async function importBackup(
  deps: Deps<"db" | "logger">,
  o: { actor: Pick<Actor, "id" | "username" | "email">; backupData: unknown; importMode: ImportMode },
): Promise<ImportBackupResponse> {
  const file = parseBackup(o.backupData);
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
      const actorRow = findActorRow(file, o.actor);
      if (o.importMode === "overwrite") {
        await assertReferencesExist(tx, file, "overwrite");
        await tx.execute(sql`delete from disputes`);
        await tx.execute(sql`delete from matches`);
        await tx.execute(sql`delete from challenges`);
        await tx.execute(sql`delete from system_settings`);
        await tx.execute(sql`delete from auth_tokens`);
        await tx.execute(sql`delete from "session" where (sess -> 'passport' ->> 'user') is distinct from ${String(o.actor.id)}`);
        await tx.execute(sql`delete from users where id <> ${o.actor.id}`);
        await tx.execute(sql`update users set team_id = null where id = ${o.actor.id}`);
        await tx.execute(sql`delete from teams`);
        await insertChunks(tx, teams, t.teams, false);
        let actorId = o.actor.id;
        if (actorRow) {
          if (actorRow.id !== actorId) await moveUser(tx, actorId, actorRow.id);
          actorId = actorRow.id;
          const { id: _id, ...fields } = actorRow;
          await tx.update(users).set({ ...fields, isAdmin: true, isSuspended: false }).where(sql`${users.id} = ${actorId}`);
        } else if (t.users.some((u) => u.id === actorId)) {
          const free = Math.max(...t.users.map((u) => u.id)) + 1;
          await moveUser(tx, actorId, free);
          actorId = free;
        }
        await insertChunks(
          tx,
          users,
          t.users.filter((u) => u !== actorRow),
          false,
        );
        await insertChunks(tx, systemSettings, t.system_settings, false);
      } else {
        if (actorRow && actorRow.id !== o.actor.id) remapUser(file, actorRow.id, o.actor.id);
        await assertReferencesExist(tx, file, "merge");
        await insertChunks(tx, teams, t.teams, true);
        // The acting admin is never demoted or suspended by a merge.
        await insertChunks(tx, users, t.users, true, {
          isAdmin: sql`excluded.is_admin or users.id = ${o.actor.id}`,
          isSuspended: sql`excluded.is_suspended and users.id <> ${o.actor.id}`,
        });
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
      await insertChunks(tx, challenges, t.challenges, o.importMode === "merge");
      await insertChunks(tx, matches, t.matches, o.importMode === "merge");
      await insertChunks(tx, disputes, t.disputes, o.importMode === "merge");
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
