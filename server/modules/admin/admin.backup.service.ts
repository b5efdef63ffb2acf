// Full backup export: every table the product owns (never tokens, sessions or rate limits), read in
// one consistent snapshot. The restore is admin.restore.service.ts.
// docs/decisions/012-backups-restore-and-schedule.md.
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { challenges, disputes, matches, systemSettings, teams, users } from "@shared/schema";
import { BACKUP_FORMAT_VERSION } from "@shared/validators/admin";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import type { DbOrTx } from "../../db/client";

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
