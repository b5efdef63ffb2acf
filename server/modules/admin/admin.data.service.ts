// Stats for the cards, the users CSV, purging confirmed matches and resetting all player data.
import { sql } from "drizzle-orm";
import { NEW_PLAYERS_WINDOW_DAYS } from "@shared/constants";
import type { AdminStats, PurgeResponse, ResetDataResponse } from "@shared/types/admin";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { rowsOf, type Database, type DbOrTx } from "../../db/client";
import type { Progress } from "./data-operations";
import { markLadderRanksChanged } from "../ladder";

const count = (v: unknown) => Number(v ?? 0);

/** The product's tables with a serial id, in an order that satisfies the foreign keys on insert. */
export const SERIAL_TABLES = ["teams", "users", "system_settings", "challenges", "matches", "disputes"] as const;

/** Rows per statement of a long operation (a restore's copy, a restore's or a reset's removal). */
export const APPLY_BATCH = 2000;

/**
 * The batch for this database: PGlite runs each statement on the server's thread, so its batches
 * are smaller (a statement there is the longest /api/health can wait).
 */
export function batchFor(database: Pick<Database, "kind">, size = APPLY_BATCH): number {
  return database.kind === "pglite" ? Math.max(1, Math.floor(size / 4)) : size;
}

/**
 * Lets other requests (and /api/health) in between two batches of a long operation: PGlite runs
 * each statement on this thread, so one long statement would hold every request.
 */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Deletes a table's rows (all, or those `where` keeps) in batches by id, yielding in between. */
export async function deleteInBatches(
  c: DbOrTx,
  table: string,
  where = "true",
  onBatch?: (rows: number) => void,
  size = APPLY_BATCH,
): Promise<number> {
  const name = sql.identifier(table);
  let last = 0;
  let total = 0;
  for (;;) {
    const [r] = rowsOf(
      await c.execute(
        sql`with d as (delete from ${name} where id in (select id from ${name} where id > ${last} and ${sql.raw(where)} order by id limit ${size}) returning id) select max(id) as hi, count(*)::int as n from d`,
      ),
    );
    const n = count(r?.n);
    if (!n) return total;
    total += n;
    onBatch?.(n);
    last = Number(r!.hi);
    await yieldToOthers();
  }
}

/** Points each serial sequence just past the table's largest id (1 when empty). */
export async function resetSequences(tx: DbOrTx): Promise<void> {
  for (const table of SERIAL_TABLES) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}

export async function getAdminStats(deps: Deps<"db">): Promise<AdminStats> {
  const res = await deps.db.execute(sql`
    select
      (select count(*) from users where not is_admin)::int as total_players,
      (select count(*) from users where not is_admin
         and joined_at >= now() - make_interval(days => ${NEW_PLAYERS_WINDOW_DAYS}))::int as new_players,
      (select count(*) from challenges where status in ('pending', 'accepted'))::int as active_challenges,
      (select count(*) from disputes where status = 'pending')::int as open_disputes`);
  const r = rowsOf(res)[0] ?? {};
  return {
    totalPlayers: count(r.total_players),
    newPlayers: count(r.new_players),
    newPlayersWindowDays: NEW_PLAYERS_WINDOW_DAYS,
    activeChallenges: count(r.active_challenges),
    openDisputes: count(r.open_disputes),
  };
}

// ---------------------------------------------------------------------------------------------
// CSV

/**
 * A cell a spreadsheet could run as a formula gets an apostrophe before the formula's first
 * character (OWASP CSV injection): at the start of the cell (= + - @ tab CR), and after any
 * character that separates cells or rows in some locale's CSV (`,` `;` tab, CR, LF) and the spaces
 * after it, since a program splitting on that separator would start a new cell there.
 */
export function neutraliseCell(value: string): string {
  const inside = value.replace(/([,;\t\r\n]\s*)([=+\-@])/g, "$1'$2");
  return /^(\s*[=+\-@]|[\t\r])/.test(inside) ? `'${inside}` : inside;
}

/**
 * RFC 4180 quoting, for every common locale: cells holding a separator (`,` `;` tab), a quote, CR
 * or LF (or edge spaces) are quoted, quotes doubled.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutraliseCell(value instanceof Date ? value.toISOString() : String(value));
  return /[",;\t\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = [
  "id",
  "username",
  "name",
  "email",
  "team",
  "role",
  "approved",
  "email_verified",
  "suspended",
  "suspension_reason",
  "team_deleted",
  "joined_at",
];

/** Every user (never a password hash), one CSV line each, CRLF line ends, UTF-8 with a BOM for spreadsheets. */
export async function exportUsersCsv(deps: Deps<"db" | "logger">, o: { actor: Pick<Actor, "id"> }): Promise<string> {
  const res = await deps.db.execute(sql`
    select u.id, u.username, u.name, u.email, t.name as team_name, t.deleted_at as team_deleted_at,
           u.is_admin, u.is_captain, u.is_partner, u.is_approved, u.is_email_verified, u.is_suspended,
           u.suspension_reason, u.joined_at
    from users u left join teams t on t.id = u.team_id
    order by u.id`);
  const lines = [CSV_HEADER.join(",")];
  for (const r of rowsOf(res)) {
    const role = r.is_admin ? "Admin" : r.is_captain ? "Captain" : r.is_partner ? "Partner" : "Member";
    const joined = r.joined_at instanceof Date ? r.joined_at : new Date(String(r.joined_at));
    lines.push(
      [
        r.id,
        r.username,
        r.name,
        r.email,
        r.team_name,
        role,
        r.is_approved ? "yes" : "no",
        r.is_email_verified ? "yes" : "no",
        r.is_suspended ? "yes" : "no",
        r.suspension_reason,
        r.team_deleted_at ? "yes" : "no",
        joined,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  deps.logger.info({ event: "admin.export_users", adminId: o.actor.id, users: lines.length - 1 }, "users CSV exported");
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Purge and reset

/** Deletes confirmed matches and their disputes (and tokens) in one transaction; ratings stay. */
export async function purgeConfirmedMatches(deps: Deps<"db" | "database" | "logger">, o: { actor: Pick<Actor, "id"> }): Promise<PurgeResponse> {
  const result = await deps.database.exclusive.run("updated", () => deps.db.transaction(async (tx) => {
    const d = await tx.execute(sql`
      delete from disputes where match_id in (select id from matches where confirmation_status = 'confirmed') returning id`);
    const m = await tx.execute(sql`delete from matches where confirmation_status = 'confirmed' returning id`);
    return { purgedCount: rowsOf(m).length, disputesRemoved: rowsOf(d).length };
  }));
  deps.logger.info({ event: "admin.purge_matches", adminId: o.actor.id, ...result }, "confirmed matches purged");
  const plural = result.purgedCount === 1 ? "" : "es";
  return { message: `${result.purgedCount} confirmed match${plural} purged. Ratings are unchanged.`, ...result };
}

/**
 * Removes every player, team, challenge, match and dispute (and their tokens and sessions) in one
 * transaction of batched deletes, yielding between batches (/api/health answers meanwhile, also on
 * PGlite). The acting admin stays, signed in, without a team; the header image setting stays. Id
 * sequences restart after what is left. Progress: rows removed of the rows there were.
 */
export async function resetAllData(
  deps: Deps<"db" | "database" | "env" | "clock" | "logger">,
  o: { actor: Pick<Actor, "id">; progress?: Progress; /** Rows per statement (default APPLY_BATCH). */ batchSize?: number },
): Promise<ResetDataResponse> {
  const progress: Progress = o.progress ?? (() => undefined);
  const size = o.batchSize ?? batchFor(deps.database);
  const removed = await deps.database.exclusive.run("reset", () => deps.db.transaction(async (tx) => {
    const actor = String(o.actor.id);
    const [c] = rowsOf(
      await tx.execute(sql`
        select (select count(*) from disputes)::int + (select count(*) from matches)::int + (select count(*) from challenges)::int
             + (select count(*) from users where id <> ${o.actor.id})::int + (select count(*) from teams)::int as total`),
    );
    const total = count(c?.total);
    let done = 0;
    const step = (phase: string) => (n: number) => {
      done += n;
      progress(phase, done, total);
    };
    progress("Removing matches and challenges", 0, total);
    const disputes = await deleteInBatches(tx, "disputes", undefined, step("Removing disputes"), size);
    const matches = await deleteInBatches(tx, "matches", undefined, step("Removing matches"), size);
    const challenges = await deleteInBatches(tx, "challenges", undefined, step("Removing challenges"), size);
    progress("Removing members and teams", done, total);
    await tx.execute(sql`delete from auth_tokens where user_id is distinct from ${o.actor.id}`);
    await tx.execute(sql`delete from "session" where (sess -> 'passport' ->> 'user') is distinct from ${actor}`);
    await tx.execute(
      sql`update users set team_id = null, is_captain = false, is_partner = false, updated_at = now() where id = ${o.actor.id}`,
    );
    const users = await deleteInBatches(tx, "users", `id <> ${Number(o.actor.id)}`, step("Removing members"), size);
    const teams = await deleteInBatches(tx, "teams", undefined, step("Removing teams"), size);
    progress("Finishing", total, total);
    await resetSequences(tx);
    // No team is left on a ladder (their rows went with the teams): the stored ranks follow after
    // the commit (decision 039).
    await markLadderRanksChanged(tx, { by: o.actor.id });
    return { users, teams, challenges, matches, disputes };
  }));
  deps.logger.warn({ event: "admin.reset_data", adminId: o.actor.id, removed }, "all player and team data reset");
  return { message: "All player and team data has been reset. Your admin account remains.", removed };
}
