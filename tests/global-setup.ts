// Runs once per test run: migrates one database and keeps it as the image every test database
// starts from (a PGlite dump, or a PostgreSQL template database when TEST_DATABASE_URL is set).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteImage: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `dl_tpl_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const db = await openDatabase({ url: withDatabase(url, template) });
    await migrateDatabase(db);
    await db.close();
    project.provide("pgTemplate", template);
    project.provide("pgliteImage", "");
    return async () => {
      // Databases made from the template in this run are dropped by their tests; drop any leftovers.
      const left = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1 or datname = $2",
        [`${template}_%`, template],
      );
      for (const row of left.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }
  const db = await openDatabase({});
  await migrateDatabase(db);
  const blob = await db.dump!();
  await db.close();
  const file = path.join(os.tmpdir(), `dl-pglite-image-${process.pid}-${Date.now()}.tgz`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide("pgliteImage", file);
  project.provide("pgTemplate", "");
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
