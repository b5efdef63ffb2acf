// `npm run ratings:evaluate`: opens the database the way the server does (DATABASE_URL, else PGlite
// in DATA_DIR) and prints how well the current rating model and the alternatives predicted every
// confirmed match (docs/product.md, "How good are the ratings?"). Reads only; the table goes to
// stdout and is the same for the same data.
import path from "node:path";
import { EnvError, loadEnv } from "../config/env";
import { migrateDatabase, openDatabase } from "./client";
import { evaluationReport } from "../modules/ladder/rating-model.service";

async function main() {
  const env = loadEnv();
  const where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.join(env.DATA_DIR, "pglite")}`;
  process.stderr.write(`Database: ${where}\n`);
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL, poolMax: 2 } : { dataDir: path.join(path.resolve(env.DATA_DIR), "pglite") },
  );
  try {
    // The tables must exist (a fresh embedded database has none yet); migrating an up-to-date one changes nothing.
    await migrateDatabase(database);
    process.stdout.write(await evaluationReport({ db: database.db }));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(err instanceof EnvError ? `\n${err.message}\n\n` : `Evaluation failed: ${(err as Error)?.message ?? String(err)}\n`);
  process.exit(1);
});
