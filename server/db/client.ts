// One Drizzle database over either driver: PGlite (embedded default) or a pg Pool (DATABASE_URL).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import * as schema from "@shared/schema";
import { CHANGE_CHANNEL, DataChanges, WRITER_SETTING } from "./changes";
import { LIVE_CHANNEL, LiveNotices } from "./live-notices";
import { withWriteTracking } from "./write-tracking";
import { PreparedNames, withPreparedReads } from "./prepared-reads";
import { DatabasePool } from "./pool";
import { DatabaseHealth } from "./health";
import { lockDataDir, type DataDirLock, type LockOwner } from "./data-dir-lock";
import { ExclusiveUse } from "./exclusive";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Services take either the database or an open transaction. */
export type DbOrTx = Db | Tx;
/**
 * The database outside any transaction, for work that must open its own: a transaction's handle
 * (with its rollback()) is refused by the types, and by assertOutsideTx() for one typed as Db.
 */
export type OutsideTx = Db & { rollback?: never };

/** Throws when `db` is an open transaction (see OutsideTx): `what` names the work, for the message. */
export function assertOutsideTx(db: Db, what: string): void {
  if (db instanceof PgTransaction) throw new Error(`${what} must run in its own transaction, not inside another one`);
}

/** The rows of a raw `db.execute(sql\`…\`)`: both drivers answer `{ rows }`, typed here once. */
export const rowsOf = <T = Record<string, unknown>>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** The minimal raw interface connect-pg-simple and a few raw statements need. */
export interface RawQueryable {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  kind: "pglite" | "pg";
  db: Db;
  raw: RawQueryable;
  /** Moves on every write this process makes and every change other writers commit (server/db/changes.ts). */
  changes: DataChanges;
  /** Live-update notices published by commits of any instance (server/db/live-notices.ts). */
  live: LiveNotices;
  /** Round trip to the server; throws when the database is unreachable. */
  ping(): Promise<void>;
  /** Whether writes are being refused (disk full, read-only): readiness fails meanwhile (server/db/health.ts). */
  health: DatabaseHealth;
  close(): Promise<void>;
  /** Only for PGlite: a gzipped tarball of the data directory (used to clone test databases). */
  dump?(): Promise<Blob>;
  /** Runs fn while holding a PostgreSQL session advisory lock (PGlite has one connection: no lock needed). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn on one connection of its own for its whole length (temporary tables live there), closed
   * afterwards so nothing it left behind reaches another request. PGlite has one connection: fn
   * gets it, shared with every other request (its temporary tables are private to nobody, so give
   * them names no request uses).
   */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** PostgreSQL: the pool's connections now (for /api/metrics); PGlite has one connection and none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** A long transaction that holds the database (PGlite: other requests are refused meanwhile; server/db/exclusive.ts). */
  exclusive: ExclusiveUse;
}

// Both in source (server/db) and in the bundle (dist/server) the project root is two levels up.
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../migrations");

export interface OpenOptions {
  /** postgres:// URL: use a pg Pool. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /** PGlite: start from a dumped image instead of initdb. */
  loadDataDir?: Blob;
  poolMax?: number;
  /** pg: reads as named prepared statements (default on; server/db/prepared-reads.ts). */
  preparedStatements?: boolean;
  /** pg: statement timeout in ms. */
  statementTimeoutMs?: number;
  /** PGlite on a data directory: another process took the directory's lock over (default: exit 1). */
  onLockLost?: (by: LockOwner | undefined) => void;
  /** PGlite: waiting for the lock of a process this one cannot see (another container or host). */
  onLockWait?: (owner: LockOwner) => void;
  /** PGlite: the lock of a process that is gone (killed) was taken over. */
  onLockTakenOver?: (owner: LockOwner) => void;
  /** pg: told when a connection of the pool is lost (it is dropped and replaced; nothing else to do). */
  onConnectionLost?: (err: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPg(options.url, options);
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database> {
  // One process at a time on a data directory (server/db/data-dir-lock.ts).
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    fs.mkdirSync(path.dirname(options.dataDir), { recursive: true, mode: 0o700 });
    lock = await lockDataDir(options.dataDir, {
      onLost: options.onLockLost ?? ((by) => {
        process.stderr.write(`\nThe lock on ${options.dataDir} was taken over by process ${by?.pid ?? "?"}: stopping so as not to corrupt it.\n`);
        process.exit(1);
      }),
      ...(options.onLockWait ? { onWait: options.onLockWait } : {}),
    });
    if (lock.tookOverFrom) options.onLockTakenOver?.(lock.tookOverFrom);
  }
  let client: PGlite;
  try {
    if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    client = new PGlite({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One connection, in this process: every committed write's NOTIFY reaches this callback before
  // the statement that made it returns (and a rolled-back one never does).
  const changes = new DataChanges();
  await client.listen(CHANGE_CHANNEL, () => changes.bump());
  // The same for live-update notices: a committed transaction's pg_notify reaches the streams.
  const live = new LiveNotices();
  await client.listen(LIVE_CHANNEL, (payload) => live.emit(payload));
  return {
    kind: "pglite",
    db,
    changes,
    live,
    health: new DatabaseHealth(),
    raw: {
      query: async (text, params) => {
        const res = await client.query<Record<string, unknown>>(text, params as unknown[] | undefined);
        return { rows: res.rows };
      },
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (!client.closed) await client.close();
      lock?.release();
    },
    dump: () => client.dumpDataDir("gzip") as Promise<Blob>,
    withAdvisoryLock: (_key, fn) => fn(),
    withConnection: (fn) => fn(db),
    exclusive: new ExclusiveUse(true),
  };
}

async function openPg(url: string, options: OpenOptions): Promise<Database> {
  const statementTimeout = options.statementTimeoutMs ?? 15_000;
  const changes = new DataChanges();
  const writer = crypto.randomUUID();
  // Each connection: this process's writes move `changes` (server/db/write-tracking.ts), and reads
  // run as named prepared statements unless switched off (server/db/prepared-reads.ts).
  const Client = withWriteTracking(options.preparedStatements === false ? pg.Client : withPreparedReads(pg.Client, new PreparedNames()), changes);
  // Connections that die while in use neither crash the process nor leak (server/db/pool.ts).
  const pool = new DatabasePool({
    Client,
    ...(options.onConnectionLost ? { onConnectionLost: options.onConnectionLost } : {}),
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 5_000,
    idle_in_transaction_session_timeout: 15_000,
    application_name: "doubles-ladder",
    // This instance's name in the change notifications its commits send (migration 0019): it
    // ignores them, as its write tracking has already moved `changes` for them.
    options: `-c ${WRITER_SETTING}=${writer}`,
  });
  const live = new LiveNotices();
  const listener = await listenForChanges(url, changes, live, writer);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: "pg",
    db,
    changes,
    live,
    health: new DatabaseHealth(),
    raw: {
      query: async (text, params) => {
        const res = await pool.query(text, params as unknown[] | undefined);
        return { rows: res.rows as Record<string, unknown>[] };
      },
    },
    ping: async () => {
      await pool.query("select 1");
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
    withAdvisoryLock: async (key, fn) => {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock($1)", [key]);
        try {
          return await fn();
        } finally {
          await conn.query("select pg_advisory_unlock($1)", [key]);
        }
      } finally {
        conn.release();
      }
    },
    withConnection: async (fn) => {
      const conn = await pool.connect();
      try {
        return await fn(drizzlePg(conn, { schema }) as unknown as Db);
      } finally {
        // Closed, not returned to the pool: its temporary tables and settings go with it.
        conn.release(true);
      }
    },
    exclusive: new ExclusiveUse(false),
  };
}

/**
 * One connection that LISTENs for the NOTIFYs of migration 0002's triggers (other instances' and
 * other processes' commits) and for live-update notices (server/db/live-notices.ts). While it is
 * down, `changes` is not live (the read cache is bypassed); it reconnects with a growing delay (up
 * to 10 s) until closed, and then tells `live` that notices may have been missed.
 */
async function listenForChanges(url: string, changes: DataChanges, live: LiveNotices, writer: string): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = 250;
  let lostOnce = false;
  changes.setLive(false);
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, application_name: "doubles-ladder-listen", keepAlive: true, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (current !== client) return;
      lostOnce = true;
      current = undefined;
      client.removeAllListeners("notification");
      void client.end().catch(() => undefined);
      changes.setLive(false);
      schedule();
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (msg) => {
      if (msg.channel === LIVE_CHANNEL) live.emit(msg.payload ?? "");
      // This instance's own commit: its write tracking moved `changes` when the commit completed.
      else if (msg.payload !== writer) changes.bump();
    });
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
      if (closed) return void (await client.end().catch(() => undefined));
      delay = 250;
      changes.setLive(true);
      if (lostOnce) live.resumed();
    } catch {
      lost();
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = undefined;
      if (client) await client.end().catch(() => undefined);
    },
  };
}

const MIGRATION_LOCK_KEY = 727001;

/** Applies every committed migration (drizzle-kit output), idempotently. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // Several instances may start at once: one migrates while the others wait on the lock.
    await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
    });
  }
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${schema.teams}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0) === 0;
}
