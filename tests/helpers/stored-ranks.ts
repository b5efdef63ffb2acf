// The stored ladder ranks in tests (decisions 038, 039). Each test app registers its deps here, so a
// factory or a test that writes an input of the ladder order directly marks the ranks behind and
// refreshes them at that app's calendar (the app's own writers mark them in their transactions and
// its refresher renumbers after the commit), and after every test the stored ranks, brought up to
// date with the marks left, are compared with the ladder order computed afresh: a writer that
// forgets to mark them fails the test that exercised it.
import { sql } from "drizzle-orm";
import { ladderRankRows, ladderRanksAsOf } from "@shared/schema";
import type { AppDeps } from "../../server/deps";
import { rowsOf } from "../../server/db/client";
import { activityAt, markLadderRanksChanged, refreshLadderRanks } from "../../server/modules/ladder";
import { ladderPlaces } from "../../server/modules/ladder/ladder-order";

const apps = new WeakMap<object, AppDeps>();

/** createTestApp: this database handle belongs to that app. */
export function registerTestApp(deps: AppDeps): void {
  apps.set(deps.db, deps);
}

/**
 * After a direct write of teams, away ranges, club breaks or the club rules: the stored ranks are
 * marked behind (every ladder) and, for a test app's handle, refreshed at once at its calendar (a
 * test reading ladder_ranks itself finds them renumbered); for a handle of no test app the next
 * read refreshes them.
 */
export async function refreshRanksAfterDirectWrite(db: AppDeps["db"]): Promise<void> {
  await markLadderRanksChanged(db);
  const deps = apps.get(db);
  if (deps) await refreshLadderRanks(db, activityAt(deps), { ifStale: true });
}

const COLUMNS = sql.raw("team_id, ladder, competition_type, inactive, club_position, club_rank, category_position, category_rank");

/**
 * The rows where the stored ranks and the ladder order computed now differ (none when they agree),
 * after the marks left are refreshed (`refreshFirst: false`: as they are stored now).
 * Ranks stored for another calendar (or not at all) are stale by design: the next read refreshes
 * them, so there is nothing to compare.
 */
export async function storedRanksDrift(deps: AppDeps, opts: { refreshFirst?: boolean } = {}): Promise<string[]> {
  const at = activityAt(deps);
  const [asOf] = await deps.db.select().from(ladderRanksAsOf);
  if (!asOf || asOf.clubDay !== at.today || asOf.inactivityDays !== at.days || asOf.timeZone !== at.timeZone) return [];
  // The marks the writers left are the refresher's work (decision 039): it ends its run, and what
  // is still marked is refreshed here (the marked ladders only: an input changed without a mark
  // stays behind, and the comparison finds it).
  if (opts.refreshFirst !== false) {
    await deps.ladderRanks.idle();
    await refreshLadderRanks(deps.db, at, { ifStale: true });
  }
  const res = await deps.db.execute(sql`
    with fresh as (${ladderPlaces(at)}), stored as (select ${COLUMNS} from ${ladderRankRows})
    (select 'computed' as side, ${COLUMNS} from fresh except select 'computed', ${COLUMNS} from stored)
    union all
    (select 'stored' as side, ${COLUMNS} from stored except select 'stored', ${COLUMNS} from fresh)
    order by ladder, team_id, side limit 20`);
  return rowsOf(res).map((r) => JSON.stringify(r));
}
