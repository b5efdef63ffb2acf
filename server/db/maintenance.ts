// Vacuuming the embedded database. PostgreSQL's autovacuum cleans dead row versions in the
// background; PGlite (PostgreSQL in this one process) runs no autovacuum, so on the embedded
// default nothing would. The table that churns most is ladder_ranks: every applied result rewrites
// the places that moved (decision 038), and the dead versions and index entries would pile up for
// the whole term; ladder_rank_changes gets a mark inserted and deleted per change (decision 039).
// The "embedded-vacuum" job (server/jobs) runs this: those tables at every run (a table of teams × 4
// rows: milliseconds), every table once a day (a club's database: seconds at the most). On PostgreSQL it does nothing: autovacuum does this work there.
import type { Database } from "./client";

/** Tables whose rows are rewritten by ordinary use many times a day: vacuumed at every run. */
export const CHURNING_TABLES = ["ladder_ranks", "ladder_ranks_as_of", "ladder_rank_changes"] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The job's state: when the whole database was last vacuumed (in memory: after a restart the first
 * run vacuums everything once, which is what a restarted club wants anyway).
 */
export function embeddedVacuum(): (database: Pick<Database, "kind" | "raw">, now: Date) => Promise<{ vacuumed: string[] }> {
  let lastFull = -Infinity;
  return async (database, now) => {
    if (database.kind !== "pglite") return { vacuumed: [] };
    if (now.getTime() - lastFull >= DAY_MS) {
      await database.raw.query("vacuum (analyze)");
      lastFull = now.getTime();
      return { vacuumed: ["*"] };
    }
    for (const table of CHURNING_TABLES) await database.raw.query(`vacuum (analyze) ${table}`);
    return { vacuumed: [...CHURNING_TABLES] };
  };
}
