// Restoring a full backup with memory bounded whatever the file's size
// (docs/decisions/012-backups-restore-and-schedule.md):
// 1. read: the file is parsed as a stream; each row is checked on its own (the row schemas of
//    shared/validators/admin.ts) and written in batches to this restore's staging tables
//    (temporary tables on a connection of its own; PGlite's one connection yields between batches),
//    so memory holds one batch, and other requests go on meanwhile;
// 2. check: what concerns the file as a whole (duplicate ids, usernames, emails, disputes per match,
//    settings; references to rows the file does not hold) is checked by SQL on the staging tables;
// 3. apply: one transaction of batched statements that copy the staged rows into the club's tables,
//    people matched by identity (merge) or the acting admin kept (overwrite), yielding between
//    batches so the embedded database's /api/health keeps answering.
// Nothing is changed unless every check passes and the transaction commits.
import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { challenges, disputes, matches, systemSettings, teams, users } from "@shared/schema";
import {
  BACKUP_FORMAT_VERSION,
  backupChallengeSchema,
  backupDisputeSchema,
  backupMatchSchema,
  backupSettingSchema,
  backupTeamSchema,
  backupUserSchema,
  type ImportMode,
} from "@shared/validators/admin";
import type { ImportBackupResponse, ImportResults } from "@shared/types/admin";
import type { Readable } from "node:stream";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { rowsOf, type Db, type DbOrTx } from "../../db/client";
import { AppError, badRequest } from "../../lib/app-error";
import { APPLY_BATCH, batchFor, deleteInBatches, resetSequences, yieldToOthers } from "./admin.data.service";
import { readBackupUpload } from "./backup-upload";
import type { Progress } from "./data-operations";
import { markLadderRanksChanged } from "../ladder";

const TITLE = "Restore failed";
/** Rows per insert into a staging table (what memory holds of the file at a time). */
export const RESTORE_STAGE_BATCH = 1000;

type TableName = "users" | "teams" | "challenges" | "matches" | "disputes" | "system_settings";

interface Spec {
  name: TableName;
  table: PgTable;
  row: z.ZodObject;
  /** The staging table: temporary, one per restore (one restore runs at a time). */
  stage: string;
  /** The file's fields and their columns. */
  cols: { key: string; name: string }[];
  /** Columns holding a user id (rewritten through restore_users.new_id). */
  userRefs: string[];
  /** Columns holding an id of another table of the file (checked to exist). */
  refs: { to: "teams" | "users" | "matches" | "challenges"; col: string }[];
}

const col = (c: PgColumn) => c.name;

type RefTarget = Spec["refs"][number]["to"];

/** The columns of a file's table that hold ids of `to`. */
const refsTo = (to: RefTarget, ...columns: PgColumn[]): Spec["refs"] => columns.map((c) => ({ to, col: col(c) }));

function spec(name: TableName, table: PgTable, row: z.ZodObject, refs: Spec["refs"] = []): Spec {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const cols = Object.keys(row.shape).map((key) => {
    const c = columns[key];
    if (!c) throw new Error(`backup field ${name}.${key} has no column`);
    return { key, name: c.name };
  });
  return { name, table, row, stage: `restore_${name}`, cols, userRefs: refs.filter((r) => r.to === "users").map((r) => r.col), refs };
}

/** In file order (teams before what refers to them when inserting is handled by the apply order). */
const SPECS: Spec[] = [
  spec("users", users, backupUserSchema, refsTo("teams", users.teamId)),
  spec("teams", teams, backupTeamSchema),
  spec("challenges", challenges, backupChallengeSchema, [
    ...refsTo("teams", challenges.challengerTeamId, challenges.challengedTeamId),
    ...refsTo("users", challenges.createdBy),
  ]),
  spec("matches", matches, backupMatchSchema, [
    ...refsTo("teams", matches.team1Id, matches.team2Id, matches.reportedByTeamId),
    ...refsTo("users", matches.player1Id, matches.player2Id, matches.winnerId, matches.approvedBy, matches.reportedBy),
    ...refsTo("challenges", matches.challengeId),
  ]),
  spec("disputes", disputes, backupDisputeSchema, [
    ...refsTo("matches", disputes.matchId),
    ...refsTo("users", disputes.reporterId, disputes.resolvedBy),
    ...refsTo("teams", disputes.reporterTeamId),
  ]),
  spec("system_settings", systemSettings, backupSettingSchema, refsTo("users", systemSettings.updatedBy)),
];
const byName = new Map(SPECS.map((s) => [s.name as string, s]));
const S = (name: TableName) => byName.get(name)!;

/** The fields a restore never takes from a file row for an account that already exists. */
const IDENTITY_COLUMNS = new Set([users.id, users.username, users.email, users.password, users.isAdmin].map(col));

type Row = Record<string, unknown>;
const q = (name: string) => `"${name}"`;

const invalid = (where: string | undefined, why: string) =>
  badRequest(`Invalid backup file${where ? ` (at ${where})` : ""}: ${why.replace(/\.?$/, ".")} Nothing was changed.`, { title: TITLE, code: "invalid_backup" });

function formatPath(path: PropertyKey[]): string {
  return path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
}

/** Checks one row of the file (its schema, and what a row says about itself); returns it keyed by column. */
function checkRow(s: Spec, raw: unknown, index: number): Row {
  const parsed = s.row.safeParse(raw);
  const at = `tables.${s.name}[${index}]`;
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw invalid(`${at}${formatPath(first?.path ?? [])}`, first?.message ?? "unreadable");
  }
  const r = parsed.data as Row;
  if (s.name === "challenges" && r.challengerTeamId === r.challengedTeamId) throw invalid(at, `Challenge ${String(r.id)} has the same team on both sides`);
  if (s.name === "matches") {
    if (r.team1Id === r.team2Id) throw invalid(at, `Match ${String(r.id)} has the same team on both sides`);
    if (r.winnerTeamId !== r.team1Id && r.winnerTeamId !== r.team2Id) throw invalid(`${at}.winnerTeamId`, `Match ${String(r.id)} has a winner that did not play`);
  }
  const out: Row = { n: index };
  for (const c of s.cols) out[c.name] = r[c.key];
  return out;
}

async function createStaging(c: Db): Promise<void> {
  await dropStaging(c);
  for (const s of SPECS) {
    await c.execute(sql.raw(`create temp table ${s.stage} as select ${s.cols.map((x) => q(x.name)).join(", ")} from ${q(getTableName(s))} with no data`));
    await c.execute(sql.raw(`alter table ${s.stage} add column n integer${s.name === "users" ? ", add column new_id integer, add column matched boolean not null default false" : ""}`));
  }
}

async function dropStaging(c: Db): Promise<void> {
  await c.execute(sql.raw(`drop table if exists ${SPECS.map((s) => s.stage).join(", ")}`));
}

function getTableName(s: Spec): string {
  return (s.table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")]!;
}

/** Writes a batch of checked rows to the staging table (one statement: the rows travel as one JSON parameter). */
async function stageRows(c: Db, s: Spec, rows: Row[]): Promise<void> {
  const cols = ["n", ...s.cols.map((x) => x.name)].map(q).join(", ");
  await c.execute(sql`insert into ${sql.raw(s.stage)} (${sql.raw(cols)}) select ${sql.raw(cols)} from json_populate_recordset(null::${sql.raw(s.stage)}, ${JSON.stringify(rows)}::json)`);
}

/** What concerns the file as a whole, checked on the staging tables; then each gets its primary key. */
async function checkStaged(c: Db, mode: ImportMode): Promise<void> {
  const first = async (text: string) => rowsOf(await c.execute(sql.raw(text)))[0];
  for (const s of SPECS) {
    const d = await first(`select id, max(n) as n from ${s.stage} group by id having count(*) > 1 order by 2 limit 1`);
    if (d) throw invalid(`tables.${s.name}[${String(d.n)}].id`, `Duplicate id ${String(d.id)} in ${s.name}`);
    await c.execute(sql.raw(`alter table ${s.stage} add primary key (id)`));
  }
  const unique = async (s: Spec, expr: string, field: string, say: (v: string) => string) => {
    const d = await first(`select ${expr} as v, max(n) as n from ${s.stage} where ${expr} is not null group by 1 having count(*) > 1 order by 2 limit 1`);
    if (d) throw invalid(`tables.${s.name}[${String(d.n)}].${field}`, say(String(d.v)));
  };
  await unique(S("users"), "lower(username)", "username", (v) => `Duplicate username ${v}`);
  await unique(S("users"), "lower(email)", "email", (v) => `Duplicate email ${v}`);
  await unique(S("disputes"), "match_id", "matchId", (v) => `Two disputes for match ${v}`);
  await unique(S("system_settings"), "setting", "setting", (v) => `Duplicate setting ${v}`);
  // References to rows the file does not hold. Merge accepts teams, matches and challenges that
  // exist in the club; people are matched by who they are, so a member the file does not hold
  // cannot be resolved by id: refused in both modes.
  for (const to of ["teams", "users", "matches", "challenges"] as const) {
    const absent = new Set<number>();
    const inClub = mode === "merge" && to !== "users" ? ` and not exists (select 1 from ${q(getTableName(S(to)))} k where k.id = r.v)` : "";
    for (const s of SPECS) {
      for (const ref of s.refs.filter((r) => r.to === to)) {
        const found = rowsOf<{ v: number }>(
          await c.execute(
            sql.raw(
              `select distinct r.v from (select ${q(ref.col)} as v from ${s.stage}) r where r.v is not null and not exists (select 1 from ${S(to).stage} f where f.id = r.v)${inClub} order by 1 limit 6`,
            ),
          ),
        );
        for (const f of found) absent.add(Number(f.v));
        await yieldToOthers();
      }
    }
    if (absent.size) {
      const ids = [...absent].sort((a, b) => a - b);
      throw invalid(undefined, `it refers to ${to} that are not in it (id ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""})`);
    }
  }
}

/**
 * Calls `fn(lo, hi)` for consecutive ranges of the staging table's ids, `size` rows each, yielding
 * in between; `onBatch(rows)` after each.
 */
async function inBatches(
  c: DbOrTx,
  stage: string,
  size: number,
  fn: (lo: number, hi: number) => Promise<void>,
  onBatch?: (rows: number) => void,
): Promise<void> {
  let lo = 0;
  for (;;) {
    const [r] = rowsOf<{ hi: number | null; n: number }>(
      await c.execute(sql`select max(id) as hi, count(*)::int as n from (select id from ${sql.raw(stage)} where id > ${lo} order by id limit ${size}) b`),
    );
    if (!r || !Number(r.n)) return;
    const hi = Number(r.hi);
    await fn(lo, hi);
    onBatch?.(Number(r.n));
    lo = hi;
    await yieldToOthers();
  }
}

/**
 * The SELECT list copying a staging table's rows into its table: user references go through
 * restore_users.new_id (every one is in the file: checkStaged), the rest as they are.
 */
function copySelect(s: Spec, o: { columns?: string[]; override?: Record<string, string> } = {}) {
  const columns = o.columns ?? s.cols.map((x) => x.name);
  const joins: string[] = [];
  const exprs = columns.map((name) => {
    if (o.override?.[name] !== undefined) return o.override[name]!;
    if (s.userRefs.includes(name)) {
      const alias = `u_${name}`;
      joins.push(`left join restore_users ${alias} on ${alias}.id = s.${q(name)}`);
      return `${alias}.new_id`;
    }
    return `s.${q(name)}`;
  });
  return { columns: columns.map(q).join(", "), select: exprs.join(", "), from: `${s.stage} s ${joins.join(" ")}` };
}

const upsertSet = (columns: string[]) => columns.map((name) => `${q(name)} = excluded.${q(name)}`).join(", ");

/** Copies a staged table in, by id ranges; `merge` upserts by id. */
async function copyTable(tx: DbOrTx, s: Spec, merge: boolean, size: number, onBatch: (rows: number) => void): Promise<void> {
  const c = copySelect(s);
  const others = s.cols.map((x) => x.name).filter((n) => n !== "id");
  await inBatches(
    tx,
    s.stage,
    size,
    (lo, hi) =>
      tx.execute(
        sql.raw(
          `insert into ${q(getTableName(s))} (${c.columns}) select ${c.select} from ${c.from} where s.id > ${lo} and s.id <= ${hi}${merge ? ` on conflict (id) do update set ${upsertSet(others)}` : ""}`,
        ),
      ).then(() => undefined),
    onBatch,
  );
}

/**
 * Restores a backup read from `source`. Neither mode changes whose a live session is: the acting
 * admin keeps their id, and no existing account changes id.
 * - overwrite: everything the product owns goes except the acting admin's row; the file's rows come
 *   in with their ids (a file row holding the admin's id moves to a free one). If the file holds the
 *   acting admin (same username, else same email), that row's profile applies to them, but they keep
 *   their sign-in identity, password and admin right. Every other session ends. Sequences restart
 *   after the largest id.
 * - merge: people are matched by username, else email, never by id; no admin right is granted,
 *   moved or removed. Teams, challenges, matches and disputes upsert by id, settings by name.
 */
export async function restoreBackup(
  deps: Deps<"database" | "env" | "clock" | "logger">,
  o: {
    actor: Pick<Actor, "id" | "username" | "email">;
    source: Readable;
    maxBytes: number;
    importMode: ImportMode;
    progress?: Progress;
    /** Rows per staging insert and per statement applying them (default: RESTORE_STAGE_BATCH, APPLY_BATCH; a quarter on PGlite). */
    batchSize?: number;
  },
): Promise<ImportBackupResponse> {
  const progress: Progress = o.progress ?? (() => undefined);
  const counts = Object.fromEntries(SPECS.map((s) => [s.name, 0])) as Record<TableName, number>;
  try {
    await deps.database.withConnection(async (c) => {
      try {
        await createStaging(c);
        progress("Reading the file", 0, 0);
        let staged = 0;
        let formatVersion: unknown;
        const upload = await readBackupUpload(o.source, {
          maxBytes: o.maxBytes,
          batch: o.batchSize ?? batchFor(deps.database, RESTORE_STAGE_BATCH),
          onField: (key, value) => {
            if (key !== "formatVersion") return;
            formatVersion = value;
            if (value !== BACKUP_FORMAT_VERSION)
              throw invalid("formatVersion", `This is not a Doubles Ladder backup (formatVersion ${BACKUP_FORMAT_VERSION} expected)`);
          },
          onRows: async (table, rows) => {
            const s = byName.get(table);
            if (!s) return; // a table a backup does not have: ignored, as the file schema strips unknown keys
            const start = counts[s.name];
            const checked = rows.map((raw, i) => checkRow(s, raw, start + i));
            counts[s.name] += rows.length;
            await stageRows(c, s, checked);
            staged += rows.length;
            progress("Reading the file", staged, 0);
            await yieldToOthers();
          },
        });
        if (upload.tables.length === 0) throw invalid(undefined, "The backup has no tables section");
        const missing = SPECS.find((s) => !upload.tables.includes(s.name));
        if (missing) throw invalid(`tables.${missing.name}`, "the table is missing");
        if (formatVersion !== BACKUP_FORMAT_VERSION)
          throw invalid("formatVersion", `This is not a Doubles Ladder backup (formatVersion ${BACKUP_FORMAT_VERSION} expected)`);

        progress("Checking the file", 0, staged);
        await checkStaged(c, o.importMode);
        await deps.database.exclusive.run("restored", () =>
          applyStaged(c, { actor: o.actor, mode: o.importMode, total: staged, progress, size: o.batchSize ?? batchFor(deps.database, APPLY_BATCH) }),
        );
      } finally {
        await dropStaging(c).catch(() => undefined);
      }
    });
  } catch (err) {
    throw asRestoreError(err);
  }
  const results: ImportResults = {
    users_imported: counts.users,
    teams_imported: counts.teams,
    challenges_imported: counts.challenges,
    matches_imported: counts.matches,
    disputes_imported: counts.disputes,
    settings_imported: counts.system_settings,
  };
  deps.logger.warn({ event: "admin.import", adminId: o.actor.id, mode: o.importMode, results }, "backup restored");
  const verb = o.importMode === "overwrite" ? "restored (existing data replaced)" : "merged into the existing data";
  return {
    success: true,
    message: `Backup ${verb}: ${results.users_imported} users, ${results.teams_imported} teams, ${results.matches_imported} matches.`,
    mode: o.importMode,
    results,
  };
}

/** The transaction that puts the staged rows in the club's tables. */
async function applyStaged(
  c: Db,
  o: { actor: Pick<Actor, "id" | "username" | "email">; mode: ImportMode; total: number; progress: Progress; size: number },
): Promise<void> {
  const { actor, total, progress, size } = o;
  let written = 0;
  const step = (label: string) => (n: number) => {
    written += n;
    progress(label, written, total);
  };
  const U = S("users");
  const profileColumns = U.cols.map((x) => x.name).filter((n) => !IDENTITY_COLUMNS.has(n));

  await c.transaction(async (tx) => {
    if (o.mode === "overwrite") {
      // The acting admin keeps their id: the file's row for them (same username, else email) takes
      // it; a file row that holds it but is someone else moves to a free id, its references with it.
      const [byUsername] = actor.username
        ? rowsOf<{ id: number }>(await tx.execute(sql`select id from restore_users where lower(username) = lower(${actor.username}) limit 1`))
        : [];
      const [byEmail] = byUsername ? [] : rowsOf<{ id: number }>(await tx.execute(sql`select id from restore_users where lower(email) = lower(${actor.email}) limit 1`));
      const actorRow = byUsername?.id ?? byEmail?.id;
      await tx.execute(sql`update restore_users set new_id = id`);
      if (actorRow !== undefined) await tx.execute(sql`update restore_users set new_id = ${actor.id} where id = ${actorRow}`);
      await tx.execute(
        sql`update restore_users set new_id = (select greatest(${actor.id}::int, max(id)) + 1 from restore_users) where id = ${actor.id} and id is distinct from ${actorRow ?? null}::int`,
      );

      progress("Removing the current data", 0, total);
      for (const table of ["disputes", "matches", "challenges", "system_settings"]) await deleteInBatches(tx, table, undefined, undefined, size);
      await tx.execute(sql`delete from auth_tokens`);
      await tx.execute(sql`delete from "session" where (sess -> 'passport' ->> 'user') is distinct from ${String(actor.id)}`);
      await tx.execute(sql`update users set team_id = null where id = ${actor.id}`);
      await deleteInBatches(tx, "users", `id <> ${Number(actor.id)}`, undefined, size);
      await deleteInBatches(tx, "teams", undefined, undefined, size);

      await copyTable(tx, S("teams"), false, size, step("Writing teams"));
      if (actorRow !== undefined) {
        // Never suspended by a restore of their own.
        const cleared: Record<string, string> = { [col(users.isSuspended)]: "false", [col(users.suspensionReason)]: "null" };
        const set = profileColumns.map((n) => `${q(n)} = ${cleared[n] ?? `s.${q(n)}`}`).join(", ");
        await tx.execute(sql.raw(`update users set ${set} from restore_users s where s.id = ${Number(actorRow)} and users.id = ${Number(actor.id)}`));
      }
      const c = copySelect(U, { override: { id: "s.new_id" } });
      const members = step("Writing members");
      await inBatches(
        tx,
        U.stage,
        size,
        async (lo, hi) => {
          await tx.execute(sql.raw(`insert into users (${c.columns}) select ${c.select} from ${c.from} where s.id > ${lo} and s.id <= ${hi} and s.new_id <> ${Number(actor.id)}`));
        },
        members,
      );
      await copyTable(tx, S("system_settings"), false, size, step("Writing settings"));
    } else {
      await copyTable(tx, S("teams"), true, size, step("Writing teams"));
      progress("Matching members", written, total);
      // People by who they are: username, else email (case-insensitive); never by id.
      await tx.execute(sql`
        update restore_users s set new_id = coalesce(
          (select u.id from users u where s.username is not null and lower(u.username) = lower(s.username)),
          (select u.id from users u where lower(u.email) = lower(s.email)))`);
      await tx.execute(sql`update restore_users set matched = new_id is not null`);
      const [twice] = rowsOf<{ who: string }>(
        await tx.execute(
          sql`select coalesce(s.username, s.email) as who from restore_users s where s.new_id in (select new_id from restore_users where matched group by new_id having count(*) > 1) order by s.n desc limit 1`,
        ),
      );
      if (twice)
        // Two file rows are one existing person (one by username, one by email): the file contradicts the club.
        throw badRequest(`The backup could not be merged: two of its members (${twice.who} and another) are the same existing member. Nothing was changed.`, {
          title: TITLE,
          code: "restore_conflict",
        });
      // New members get fresh ids and are never admins.
      await tx.execute(sql`update restore_users set new_id = nextval(pg_get_serial_sequence('users', 'id')) where not matched`);
      const members = step("Writing members");
      // Existing accounts: the profile comes from the file; id, sign-in identity, password and admin
      // right stay, and an admin is never suspended by a merge.
      const set = profileColumns
        .map((n) => (n === col(users.isSuspended) ? `${q(n)} = case when users.is_admin then users.is_suspended else s.${q(n)} end` : `${q(n)} = s.${q(n)}`))
        .join(", ");
      const c = copySelect(U, { override: { id: "s.new_id", [col(users.isAdmin)]: "false" } });
      await inBatches(
        tx,
        U.stage,
        size,
        async (lo, hi) => {
          await tx.execute(sql.raw(`update users set ${set} from restore_users s where s.matched and users.id = s.new_id and s.id > ${lo} and s.id <= ${hi}`));
          await tx.execute(sql.raw(`insert into users (${c.columns}) select ${c.select} from ${c.from} where not s.matched and s.id > ${lo} and s.id <= ${hi}`));
        },
        members,
      );
      // Settings by name (their ids are this club's own).
      const st = copySelect(S("system_settings"), { columns: ["setting", "value", "updated_at", "updated_by"] });
      await tx.execute(
        sql.raw(`insert into system_settings (${st.columns}) select ${st.select} from ${st.from} on conflict (setting) do update set ${upsertSet(["value", "updated_at", "updated_by"])}`),
      );
      step("Writing settings")(0);
    }
    const merge = o.mode === "merge";
    await copyTable(tx, S("challenges"), merge, size, step("Writing challenges"));
    await copyTable(tx, S("matches"), merge, size, step("Writing matches"));
    await copyTable(tx, S("disputes"), merge, size, step("Writing disputes"));
    progress("Finishing", total, total);
    await resetSequences(tx);
    // Teams, their ratings and their matches came from the file: every ladder's stored ranks are
    // marked behind and refreshed after the commit (decisions 038 and 040).
    await markLadderRanksChanged(tx, { by: actor.id });
  });
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

