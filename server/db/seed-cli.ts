// `npm run seed`: opens the database the way the server does (DATABASE_URL, else PGlite in DATA_DIR),
// applies migrations, makes sure the first admin exists, and loads the demo club when the database
// has no teams. `--force` first removes every team and every non-admin user (their challenges,
// matches and disputes go with them), then loads the demo club.
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { teams, users } from "@shared/schema";
import { EnvError, loadEnv } from "../config/env";
import { systemClock } from "../lib/clock";
import { activityAt } from "../modules/ladder";
import { createLogger } from "../lib/logger";
import { isDatabaseEmpty, migrateDatabase, openDatabase } from "./client";
import { ensureAdmin } from "./bootstrap";
import { DEMO_PLAYER_PASSWORD, seedDemo } from "./seed";

async function main() {
  const force = process.argv.includes("--force");
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  const where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.join(env.DATA_DIR, "pglite")}`;
  const database = await openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolMax: 2 }
      : { dataDir: path.join(path.resolve(env.DATA_DIR), "pglite") },
  );
  try {
    process.stdout.write(`Database: ${where}\nApplying migrations...\n`);
    await migrateDatabase(database);
    const empty = await isDatabaseEmpty(database.db);
    if (!empty && !force) {
      process.stdout.write("The database already has teams: nothing seeded. Run `npm run seed -- --force` to replace them with the demo club.\n");
      return;
    }
    if (!empty && force) {
      process.stdout.write("--force: removing every team and every non-admin user (with their challenges, matches and disputes)...\n");
      await database.db.transaction(async (tx) => {
        await tx.update(users).set({ teamId: null }).where(eq(users.isAdmin, true));
        await tx.delete(users).where(eq(users.isAdmin, false));
        await tx.delete(teams).where(sql`true`);
        await tx.execute(sql`delete from "session"`);
      });
    }
    await ensureAdmin(database.db, env, logger);
    const result = await seedDemo(database.db, activityAt({ env, clock: systemClock }));
    process.stdout.write(
      `Loaded the demo club: ${result.teams} teams, ${result.matches} confirmed matches, open challenges and one result awaiting approval.\n` +
        `Demo captains (alex, isla, quinn...) and partners (ben, jade...) sign in with ${DEMO_PLAYER_PASSWORD}.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(err instanceof EnvError ? `\n${err.message}\n\n` : `Seeding failed: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
