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
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import * as schema from "@shared/schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Services take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** The minimal raw interface connect-pg-simple and a few raw statements need. */
export interface RawQueryable {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  kind: "pglite" | "pg";
  db: Db;
  raw: RawQueryable;
  /** Round trip to the server; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Only for PGlite: a gzipped tarball of the data directory (used to clone test databases). */
  dump?(): Promise<Blob>;
  /** Runs fn while holding a PostgreSQL session advisory lock (PGlite has one connection: no lock needed). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
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
  /** pg: statement timeout in ms. */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPg(options.url, options);
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
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
    },
    dump: () => client.dumpDataDir("gzip") as Promise<Blob>,
    withAdvisoryLock: (_key, fn) => fn(),
  };
}

async function openPg(url: string, options: OpenOptions): Promise<Database> {
  const statementTimeout = options.statementTimeoutMs ?? 15_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 5_000,
    idle_in_transaction_session_timeout: 15_000,
    application_name: "doubles-ladder",
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  prepareReads(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: "pg",
    db,
    raw: {
      query: async (text, params) => {
        const res = await pool.query(text, params as unknown[] | undefined);
        return { rows: res.rows as Record<string, unknown>[] };
      },
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
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
  };
}

/**
 * Reads through the Pool become named prepared statements (one name per distinct SQL text): each
 * connection plans a statement once instead of on every request. On these small, indexed queries
 * planning costs several times more than running them, so this roughly doubles the requests a
 * server answers. Bounded: at most MAX_PREPARED distinct texts (dynamic ones beyond that run
 * unnamed), and only SELECT/WITH statements (never DDL, which would invalidate a cached plan).
 */
const MAX_PREPARED = 400;
function prepareReads(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameFor = (text: string): string | undefined => {
    if (text.length > 8000 || !/^\s*(select|with)\b/i.test(text)) return undefined;
    let name = names.get(text);
    if (!name && names.size < MAX_PREPARED) {
      name = `dl_${crypto.createHash("sha1").update(text).digest("base64url").slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (typeof config === "string" && Array.isArray(rest[0])) {
      const name = nameFor(config);
      if (name) return query({ text: config, name }, ...rest);
    } else if (config && typeof config === "object" && !("name" in config && (config as { name?: string }).name)) {
      const text = (config as { text?: unknown }).text;
      const name = typeof text === "string" ? nameFor(text) : undefined;
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
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
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0;
}
