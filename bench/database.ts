// The fresh database every benchmark loads (bench/run.ts, bench/backup.ts): a new PostgreSQL
// database on BENCH_DATABASE_URL's server, or a new embedded (PGlite) data directory; and its removal.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { OpenOptions } from "../server/db/client";

/** The PostgreSQL server the benchmarks create their databases on. */
export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabase {
  /** The PostgreSQL database's name (unused with PGlite). */
  name: string;
  /** The PostgreSQL database's URL, or undefined with PGlite. */
  url?: string;
  /** The PGlite data directory, or undefined with PostgreSQL. */
  dataDir?: string;
  /** What openDatabase takes to open it. */
  open: OpenOptions;
}

/** Runs one statement on the benchmark server's maintenance database. */
async function onServer(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: benchServerUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A new, empty database named `<prefix>_<now>` (PostgreSQL) or in a `<prefix>-` temporary folder (PGlite). */
export async function createBenchDatabase(o: { pglite: boolean; prefix: string }): Promise<BenchDatabase> {
  const name = `${o.prefix}_${Date.now()}`;
  if (o.pglite) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${o.prefix.replaceAll("_", "-")}-`));
    return { name, dataDir, open: { dataDir: path.join(dataDir, "pglite") } };
  }
  await onServer(`create database ${name}`);
  const u = new URL(benchServerUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), open: { url: u.toString() } };
}

/** Drops the database (every connection to it is ended) or removes the data directory. */
export async function removeBenchDatabase(db: BenchDatabase): Promise<void> {
  if (db.dataDir) fs.rmSync(db.dataDir, { recursive: true, force: true });
  if (db.url) await onServer(`drop database if exists ${db.name} with (force)`);
}
