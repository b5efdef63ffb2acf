// The stored ladder ranks in tests (decision 038). Each test app registers its deps here, so a
// factory or a test that writes an input of the ladder order directly refreshes the stored ranks
// at that app's calendar (the app's own writers do it in their transactions), and after every test
// the stored ranks are compared with the ladder order computed afresh: a writer that forgets to
// refresh them fails the test that exercised it.
import { sql } from "drizzle-orm";
import { ladderRankRows, ladderRanksAsOf } from "@shared/schema";
import type { AppDeps } from "../../server/deps";
import { rowsOf } from "../../server/db/client";
import { activityAt, refreshLadderRanksNow } from "../../server/modules/ladder";
import { ladderPlaces } from "../../server/modules/ladder/ladder-order";

const apps = new WeakMap<object, AppDeps>();

/** createTestApp: this database handle belongs to that app. */
export function registerTestApp(deps: AppDeps): void {
  apps.set(deps.db, deps);
}

/**
 * After a direct write of teams, away ranges, club breaks or the club rules: the stored ranks are
 * refreshed at the app's calendar (or, for a handle of no test app, marked stale so the next read
 * refreshes them).
 */
export async function refreshRanksAfterDirectWrite(db: AppDeps["db"]): Promise<void> {
  const deps = apps.get(db);
  if (deps) await refreshLadderRanksNow(deps);
  else await db.delete(ladderRanksAsOf);
}

const COLUMNS = sql.raw("team_id, ladder, competition_type, inactive, club_position, club_rank, category_position, category_rank");

/**
 * The rows where the stored ranks and the ladder order computed now differ (none when they agree).
 * Ranks stored for another calendar (or not at all) are stale by design: the next read refreshes
 * them, so there is nothing to compare.
 */
export async function storedRanksDrift(deps: AppDeps): Promise<string[]> {
  const at = activityAt(deps);
  const [asOf] = await deps.db.select().from(ladderRanksAsOf);
  if (!asOf || asOf.clubDay !== at.today || asOf.inactivityDays !== at.days || asOf.timeZone !== at.timeZone) return [];
  const res = await deps.db.execute(sql`
    with fresh as (${ladderPlaces(at)}), stored as (select ${COLUMNS} from ${ladderRankRows})
    (select 'computed' as side, ${COLUMNS} from fresh except select 'computed', ${COLUMNS} from stored)
    union all
    (select 'stored' as side, ${COLUMNS} from stored except select 'stored', ${COLUMNS} from fresh)
    order by ladder, team_id, side limit 20`);
  return rowsOf(res).map((r) => JSON.stringify(r));
}
