// A fresh database for one test file: PGlite from the migrated image, or a PostgreSQL database
// copied from the migrated template (CREATE DATABASE ... TEMPLATE).
import fs from "node:fs";
import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { withDatabase } from "../global-setup";

export interface TestDatabase {
  database: Database;
  /** The connection URL on PostgreSQL (undefined on PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = inject("pgTemplate");
    const name = `${template}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = withDatabase(serverUrl, name);
    const database = await openDatabase({ url, poolMax: 20 });
    return {
      database,
      url,
      drop: async () => {
        await database.close().catch(() => undefined);
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const image = fs.readFileSync(inject("pgliteImage"));
  const database = await openDatabase({ loadDataDir: new Blob([image]) });
  return { database, url: undefined, drop: () => database.close() };
}

/** The same PostgreSQL database through new connections (a second instance); closing it drops nothing. */
export async function secondConnection(of: TestDatabase): Promise<TestDatabase> {
  if (!of.url) throw new Error("a second instance on one database needs PostgreSQL (TEST_DATABASE_URL)");
  const database = await openDatabase({ url: of.url, poolMax: 20 });
  return { database, url: of.url, drop: () => database.close() };
}
