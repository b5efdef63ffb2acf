// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded
// database in DATA_DIR when it is unset. (The server also migrates at every start.)
import path from "node:path";
import { EnvError, loadEnv } from "../config/env";
import { migrateDatabase, openDatabase } from "./client";

try {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(path.resolve(env.DATA_DIR), "pglite") },
  );
  await migrateDatabase(database);
  await database.close();
  console.log(`Migrations applied (${database.kind === "pg" ? "PostgreSQL" : `embedded database in ${env.DATA_DIR}`}).`);
} catch (err) {
  console.error(err instanceof EnvError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
