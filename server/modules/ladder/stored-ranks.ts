// The stored ladder ranks (decision 038; docs/product.md, "Ladder order and rank"): ladder_ranks
// holds every team's places on every ladder as ladder-order.ts defines them, so a reader pages a
// ladder by a range of positions and looks one team up by its key, never ranking, counting or
// sorting the whole club per request.
//
// - Written by refreshLadderRanks() only, inside the transaction of every change of an input: a
//   result applied (confirmed, auto-confirmed, a dispute upheld or corrected), a team approved,
//   edited, deleted, restored or purged, an away range, a club break, the club rules, a season's
//   carry-over, a rating rebuild or model switch, a restore, reset or purge of data.
// - Activity follows the calendar: the ranks are stored for one club day (ladder_ranks_as_of). The
//   "ladder-ranks" job refreshes them at start-up and after the club's midnight, and a reader that
//   finds them stored for another day (or another threshold or zone) refreshes them first.
import { sql, type SQL } from "drizzle-orm";
import { ladderRankRows, ladderRanksAsOf } from "@shared/schema";
import { rowsOf, type DbOrTx } from "../../db/client";
import type { TxDeps } from "../../deps";
import { ladderPlaces, type ActivityAt, type Ladder } from "./ladder-order";
import { activityAt } from "./activity";

/**
 * The transaction-level advisory lock every refresh takes before it reads the inputs: two
 * transactions that both changed inputs refresh one after the other, and the second one's refresh
 * (a new statement, so a new snapshot under READ COMMITTED) sees the first one's committed changes.
 */
const REFRESH_LOCK = 727038;

/**
 * Recomputes the stored ranks from the ladder order at `at`, in the caller's transaction (or in one
 * of its own): only the rows whose place changed are written (compared first, so the others are
 * neither written nor locked), teams that left a ladder lose their row.
 * Call it after the last write of the inputs in the transaction. `ifStale`: only when they are not
 * already stored for `at` (checked under the lock, so readers racing at midnight refresh once).
 */
export async function refreshLadderRanks(db: DbOrTx, at: ActivityAt, opts: { ifStale?: boolean } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
    if (opts.ifStale && (await storedAt(tx, at))) return;
    await tx.execute(sql`
      with fresh as materialized (${ladderPlaces(at)}),
      gone as (
        delete from ${ladderRankRows} r
        where not exists (select 1 from fresh f where f.team_id = r.team_id and f.ladder = r.ladder)
      ),
      as_of as (
        insert into ${ladderRanksAsOf} (id, club_day, inactivity_days, time_zone, refreshed_at)
        values (1, ${at.today}::date, ${at.days}::int, ${at.timeZone}::text, now())
        on conflict (id) do update set club_day = excluded.club_day, inactivity_days = excluded.inactivity_days,
          time_zone = excluded.time_zone, refreshed_at = excluded.refreshed_at
      ),
      changed as (
        select f.* from fresh f
        left join ${ladderRankRows} r on r.team_id = f.team_id and r.ladder = f.ladder
        where r.team_id is null
           or (r.competition_type, r.inactive, r.club_position, r.club_rank, r.category_position, r.category_rank)
              is distinct from (f.competition_type, f.inactive, f.club_position, f.club_rank, f.category_position, f.category_rank)
      )
      insert into ${ladderRankRows} as r (team_id, ladder, competition_type, inactive, club_position, club_rank, category_position, category_rank)
      select team_id, ladder, competition_type, inactive, club_position, club_rank, category_position, category_rank from changed
      on conflict (team_id, ladder) do update set
        competition_type = excluded.competition_type, inactive = excluded.inactive,
        club_position = excluded.club_position, club_rank = excluded.club_rank,
        category_position = excluded.category_position, category_rank = excluded.category_rank`);
  });
}

/** refreshLadderRanks at the app's calendar (today, the threshold, the zone): what a writer calls. */
export function refreshLadderRanksNow(deps: TxDeps<"db" | "env" | "clock">): Promise<void> {
  return refreshLadderRanks(deps.db, activityAt(deps));
}

/** True when the stored ranks were computed at `at` (nothing else makes them stale: every writer refreshes). */
async function storedAt(db: DbOrTx, at: ActivityAt): Promise<boolean> {
  const res = await db.execute(sql`select ${ranksStoredAt(at)} as ok`);
  return rowsOf(res)[0]?.ok === true;
}

/** SQL: whether the stored ranks were computed at `at` (a column a reader can add to its own statement). */
function ranksStoredAt(at: ActivityAt): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${ladderRanksAsOf}
    where id = 1 and club_day = ${at.today}::date and inactivity_days = ${at.days}::int and time_zone = ${at.timeZone}::text)`;
}

/**
 * currentLadderRanks and the read in one statement: `read(at, current)` runs the reader's statement
 * with `current` as a column named `ranks_current` and answers its rows. When that column says the
 * ranks were stored for another day (or no row came back to tell), they are brought up to date as
 * currentLadderRanks does and the statement runs again. Saves a round trip per read.
 */
export async function readCurrentLadderRanks<R extends { ranks_current?: unknown }>(
  deps: TxDeps<"db" | "env" | "clock">,
  read: (at: ActivityAt, current: SQL<boolean>) => Promise<R[]>,
): Promise<{ rows: R[]; at: ActivityAt }> {
  const first = activityAt(deps);
  const rows = await read(first, ranksStoredAt(first));
  if (rows[0]?.ranks_current === true) return { rows, at: first };
  const at = await currentLadderRanks(deps);
  return { rows: await read(at, ranksStoredAt(at)), at };
}

/**
 * Before reading stored ranks: refreshes them when they were stored for another club day (the job
 * has not run since the club's midnight), threshold or zone, and answers the calendar they are for.
 */
export async function currentLadderRanks(deps: TxDeps<"db" | "env" | "clock">): Promise<ActivityAt> {
  const at = activityAt(deps);
  if (!(await storedAt(deps.db, at))) await refreshLadderRanks(deps.db, at, { ifStale: true });
  return at;
}

/** The job: refreshes the stored ranks when the club day (or threshold, or zone) moved on. */
export async function sweepLadderRanks(deps: TxDeps<"db" | "env" | "clock">): Promise<{ refreshed: boolean }> {
  const at = activityAt(deps);
  if (await storedAt(deps.db, at)) return { refreshed: false };
  await refreshLadderRanks(deps.db, at, { ifStale: true });
  return { refreshed: true };
}

// SQL for the readers. `alias` is the caller's teams alias; the ladder is a constant of the code.

/** The stored rank of the team in `alias` on `ladder`, over the club or within its category (null: unranked). */
export function storedRankOf(opts: { ladder: Ladder; within: "club" | "category"; alias: string }): SQL {
  const column = opts.within === "club" ? sql`club_rank` : sql`category_rank`;
  return sql`(select lr.${column} from ${ladderRankRows} lr where lr.team_id = ${sql.raw(`"${opts.alias}"`)}.id and lr.ladder = ${opts.ladder})`;
}

/** How many teams are ranked on `ladder` in the category of the team in `alias` (the ladder size of reach). */
export function storedLadderSizeOf(opts: { ladder: Ladder; alias: string }): SQL {
  return sql`(select coalesce(max(lr.category_rank), 0)::int from ${ladderRankRows} lr
    where lr.ladder = ${opts.ladder} and lr.competition_type = ${sql.raw(`"${opts.alias}"`)}.competition_type)`;
}
