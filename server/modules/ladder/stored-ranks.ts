// The stored ladder ranks (decisions 038 and 039; docs/product.md, "Ladder order and rank"):
// ladder_ranks holds every team's places on every ladder as ladder-order.ts defines them, so a
// reader pages a ladder by a range of positions and looks one team up by its key, never ranking,
// counting or sorting the whole club per request.
//
// - Marked behind by every change of an input, in its transaction (markLadderRanksChanged: one
//   insert into ladder_rank_changes, naming the ladders it touched): a result applied (confirmed,
//   auto-confirmed, a dispute upheld or corrected), a team approved, deleted, restored or purged, an
//   away range, a club break, the club rules, a season's carry-over, a reset of data. Writers only
//   insert, so they never wait on each other.
// - Written by refreshLadderRanks() only, under an advisory lock: its statement deletes the marks
//   its snapshot sees and renumbers the ladders they name. It runs after the commit, in this
//   process's LadderRanksRefresher (refresher.ts, woken by the mark), and before a read that finds
//   a mark left, with one difference (decision 045): the ladder page and the team profile wait only
//   for the marks of the member reading (read-your-writes: your own confirmation shows the new
//   order); for other members' marks they answer the ranks as stored and start the refresh, whose
//   commit tells every open tab (ladder.changed) when it moved a place. Reads that decide something
//   (who may be challenged, a team's rank in its statistics) wait for every mark.
//   A refresh always runs in its own transaction, never inside a writer's (decision 040): a writer
//   holding team rows that then waited for the lock deadlocked with a refresh that held the lock and
//   waited for one of those rows. A rating rebuild and a restore mark every ladder instead; the
//   demo club's load refreshes after its writes. In one process, the readers and the refresher that
//   find the ranks behind at the same moment share one refresh (sharedRefresh).
// - Activity follows the calendar: the ranks are stored for one club day (ladder_ranks_as_of). The
//   "ladder-ranks" job refreshes them at start-up and after the club's midnight, and a reader that
//   finds them stored for another day (or another threshold or zone) refreshes them first.
import { sql, type SQL } from "drizzle-orm";
import { ladderRankChanges, ladderRankRows, ladderRanksAsOf } from "@shared/schema";
import { assertOutsideTx, rowsOf, type DbOrTx, type OutsideTx } from "../../db/client";
import type { OutsideTxDeps } from "../../deps";
import { LADDERS, ladderPlacesParts, type ActivityAt, type Ladder } from "./ladder-order";
import { activityAt } from "./activity";
import { QueueSignal } from "../../lib/queue-worker";
import { SharedRun } from "../../lib/shared-run";
import { publishLive } from "../../lib/live-events";
import { LIVE_MESSAGE } from "@shared/types/events";

/**
 * The transaction-level advisory lock every refresh takes before it reads the inputs: two refreshes
 * run one after the other, and the second one's statement (a new snapshot under READ COMMITTED) sees
 * what the first one wrote and the marks it left (those committed after its snapshot).
 */
const REFRESH_LOCK = 727038;

/** Wakes this process's LadderRanksRefresher (refresher.ts) when a writer marked the ranks behind. */
export const ladderRanksMarked = new QueueSignal();

/**
 * In the transaction of a change of a ladder input, after its writes: marks the stored ranks behind
 * (one insert: writers never wait on each other). `ladders`: the only ladders whose rating, wins or
 * losses the transaction changed (a confirmed result: the overall one and the match's surface); the
 * refresh renumbers the others too when a team's activity or its being on the ladders moved, or the
 * calendar did. Anything else changed: leave it out (every ladder). `by`: the member whose action
 * this is (their own reads of the ladder wait for the refresh: decision 045); null or left out for
 * a job, a sweep, a seed. The refresher is woken; it refreshes once this commits (and a reader that
 * comes first starts it).
 */
export async function markLadderRanksChanged(db: DbOrTx, opts: { ladders?: readonly Ladder[]; by?: number | null } = {}): Promise<void> {
  await db.insert(ladderRankChanges).values({
    ladders: !opts.ladders || namesEveryLadder(opts.ladders) ? null : [...new Set(opts.ladders)],
    markedBy: opts.by ?? null,
  });
  ladderRanksMarked.notify();
}

/**
 * Brings the stored ranks up to date at `at`, in a transaction of its own (never inside a
 * caller's: decision 040), under the lock: renumbers the ladders of every mark its snapshot sees
 * (and deletes those marks), plus `ladders` (default: every ladder; [] for the marked ones only). Only the rows whose place
 * changed are written (compared first, so the others are neither written nor locked), teams that
 * left a ladder lose their row. `ifStale`: only when they are not current (stored for another
 * calendar, or a mark is left; checked under the lock, so readers racing after a write refresh
 * once), and then the marked ladders only (every one when the calendar moved).
 * Writers mark (markLadderRanksChanged); the refresher, the readers, the job and the seed refresh.
 * When it moved a place, every open tab hears `ladder.changed` at its commit (the new order is
 * there to read: decision 045). Answers whether it renumbered (false: `ifStale` found them current).
 */
export async function refreshLadderRanks(
  db: OutsideTx,
  at: ActivityAt,
  opts: { ifStale?: boolean; ladders?: readonly Ladder[] } = {},
): Promise<boolean> {
  assertOutsideTx(db, "A refresh of the stored ladder ranks");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
    if (opts.ifStale && (await storedAt(tx, at))) return false;
    const res = await tx.execute(refreshStatement(at, opts.ifStale ? [] : opts.ladders));
    if (Number(rowsOf<{ moved: unknown }>(res)[0]?.moved) > 0) await publishLive(tx, { type: LIVE_MESSAGE.ladderChanged, all: true });
    return true;
  });
}

/** Whether a scope of ladders names every ladder. */
const namesEveryLadder = (ladders: readonly Ladder[]): boolean => LADDERS.every((l) => ladders.includes(l));

/** SQL of a text[] of ladders (constants of the code, never input). */
const ladderArray = (ladders: readonly Ladder[]): SQL => sql.raw(`array[${ladders.map((l) => `'${l}'`).join(", ")}]::text[]`);
const ALL_LADDERS = ladderArray(LADDERS);

/**
 * The refresh statement: the marks it consumes (`marks`: deleted, those of its snapshot only: a
 * mark committed after it survives for the next refresh), the ladders to number (`scope`), their
 * places (`fresh`), the difference with their stored rows (`diff`: a row to delete, to insert or to
 * update), written. `ladders`: numbered besides the marked ones (default: every ladder). Its one
 * row: how many stored rows it inserted, updated or deleted (`moved`).
 */
export function refreshStatement(at: ActivityAt, ladders?: readonly Ladder[]): SQL {
  const parts = ladderPlacesParts(at);
  const activity = sql.raw(`"${parts.activityName}"`);
  const everyLadder = !ladders || namesEveryLadder(ladders);
  // Every ladder, or the given and the marked ones unless a mark says every ladder, the stored
  // ranks are for another calendar, or a team's activity or its being on the overall ladder (and so
  // on any) differs from the stored one.
  const scope = everyLadder
    ? ALL_LADDERS
    : sql`case when not ${calendarStoredAt(at)}
          or exists (select 1 from marks where ladders is null)
          or exists (select 1 from ${activity} a
            full join (select team_id, inactive from ${ladderRankRows} where ladder = 'overall') r on r.team_id = a.id
            where a.id is null or r.team_id is null or a.inactive <> r.inactive)
        then ${ALL_LADDERS}
        else array(select distinct l from (
          select unnest(ladders) from marks union all select unnest(${ladders.length ? ladderArray(ladders) : sql.raw("'{}'::text[]")})
        ) as named(l)) end`;
  return sql`
    with marks as (delete from ${ladderRankChanges} returning ladders),
    ${activity} as materialized (${parts.activity}),
    scope as (select ${scope} as ladders),
    fresh as (${parts.places(sql`(select ladders from scope)::text[]`)}),
    stored as (select * from ${ladderRankRows} where ladder = any((select ladders from scope)::text[])),
    diff as materialized (
      select f.*, s.team_id as stored_team_id, s.ladder as stored_ladder
      from fresh f full join stored s on s.team_id = f.team_id and s.ladder = f.ladder
      where f.team_id is null or s.team_id is null
         or (s.competition_type, s.inactive, s.club_position, s.club_rank, s.category_position, s.category_rank)
            is distinct from (f.competition_type, f.inactive, f.club_position, f.club_rank, f.category_position, f.category_rank)
    ),
    gone as (
      delete from ${ladderRankRows} r using diff d
      where d.team_id is null and r.team_id = d.stored_team_id and r.ladder = d.stored_ladder
    ),
    moved as (
      update ${ladderRankRows} r set
        competition_type = d.competition_type, inactive = d.inactive,
        club_position = d.club_position, club_rank = d.club_rank,
        category_position = d.category_position, category_rank = d.category_rank
      from diff d
      where d.team_id is not null and d.stored_team_id is not null and r.team_id = d.team_id and r.ladder = d.ladder
    ),
    as_of as (
      insert into ${ladderRanksAsOf} (id, club_day, inactivity_days, time_zone, refreshed_at)
      values (1, ${at.today}::date, ${at.days}::int, ${at.timeZone}::text, now())
      on conflict (id) do update set club_day = excluded.club_day, inactivity_days = excluded.inactivity_days,
        time_zone = excluded.time_zone, refreshed_at = excluded.refreshed_at
    ),
    added as (
      insert into ${ladderRankRows} (team_id, ladder, competition_type, inactive, club_position, club_rank, category_position, category_rank)
      select team_id, ladder, competition_type, inactive, club_position, club_rank, category_position, category_rank
      from diff where team_id is not null and stored_team_id is null
    )
    select (select count(*) from diff)::int as moved`;
}

/**
 * True when the stored ranks are current at `at`: computed at `at`, and no mark left (with
 * `through`: none of the marks up to that id).
 */
async function storedAt(db: DbOrTx, at: ActivityAt, through?: number): Promise<boolean> {
  const res = await db.execute(sql`select ${ranksStoredAt(at, through === undefined ? undefined : sql`id <= ${through}`)} as ok`);
  return rowsOf(res)[0]?.ok === true;
}

/** SQL: ` where <counted>` over ladder_rank_changes, or nothing (every mark counts). */
const marksCounted = (counted?: SQL): SQL => (counted ? sql` where ${counted}` : sql``);

/** SQL: whether any writer's mark is left. */
const ANY_MARK_LEFT = sql<boolean>`exists (select 1 from ${ladderRankChanges})`;

/**
 * SQL: whether the stored ranks are current at `at` (a column a reader can add to its own
 * statement): computed at `at`, and no writer's mark left (decision 039); with `counted` (a
 * condition on the marks), none of those: the marks up to an id a reader saw, or a viewer's own
 * (decision 045).
 */
function ranksStoredAt(at: ActivityAt, counted?: SQL): SQL<boolean> {
  return sql<boolean>`(${calendarStoredAt(at)} and not exists (select 1 from ${ladderRankChanges}${marksCounted(counted)}))`;
}

/** SQL: whether the stored ranks were computed at `at` (the calendar only). */
function calendarStoredAt(at: ActivityAt): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${ladderRanksAsOf}
    where id = 1 and club_day = ${at.today}::date and inactivity_days = ${at.days}::int and time_zone = ${at.timeZone}::text)`;
}

/** True when a writer's mark is left (a refresh is due). */
export async function ladderRanksMarkedBehind(db: DbOrTx): Promise<boolean> {
  const res = await db.execute(sql`select ${ANY_MARK_LEFT} as marked`);
  return rowsOf(res)[0]?.marked === true;
}

/**
 * The ladder page and the team profile (decision 045): the read and the state of the stored ranks
 * in one statement. `read(at, state)` runs the reader's statement with `state` among its columns
 * (`ranks_behind`, `ranks_marked`) and answers its rows. When the ranks are behind for this viewer
 * (stored for another club day, or a mark of `viewerId`'s own action is left: read-your-writes),
 * they are brought up to date covering the marks that statement saw, as currentLadderRanks does,
 * and the statement runs again. When only other members' marks are left, the rows are answered as
 * they are (the order of a moment ago, with the ratings of now) and a refresh is started if none is
 * going: when it moves a place its commit sends ladder.changed, and every open tab reads the new
 * order. When no row came back to tell, currentLadderRanks looks first. Saves a round trip per
 * read, and a reader never waits for a refresh of somebody else's change.
 */
export async function readCurrentLadderRanks<R extends { ranks_behind?: unknown; ranks_marked?: unknown }>(
  deps: OutsideTxDeps<"db" | "env" | "clock" | "logger">,
  read: (at: ActivityAt, state: SQL) => Promise<R[]>,
  opts: { viewerId: number | null },
): Promise<{ rows: R[]; at: ActivityAt }> {
  const first = activityAt(deps);
  const rows = await read(first, rankState(first, opts.viewerId));
  if (rows.length === 0) {
    const at = await currentLadderRanks(deps);
    return { rows: await read(at, rankState(at, opts.viewerId)), at };
  }
  const { ranks_behind: behind, ranks_marked: marked } = rows[0]!;
  if (behind !== null) {
    await catchUp(deps.db, first, behind);
    return { rows: await read(first, rankState(first, opts.viewerId)), at: first };
  }
  if (marked === true) startRefresh(deps, first);
  return { rows, at: first };
}

/**
 * SQL, two columns a reader adds to its own statement: `ranks_behind`, null when the stored ranks
 * are current at `at` for `viewerId` (no mark of theirs left), otherwise the newest of their marks
 * (0 when none: the calendar moved on); `ranks_marked`, whether any mark is left.
 */
function rankState(at: ActivityAt, viewerId: number | null): SQL {
  const own = viewerId === null ? sql`false` : sql`marked_by = ${viewerId}`;
  return sql`${ranksBehind(at, own)} as ranks_behind, ${ANY_MARK_LEFT} as ranks_marked`;
}

/**
 * For a reader that answers the stored ranks with other members' marks left: starts this process's
 * shared refresh unless one is going (the refresher, woken by each mark, runs the rest). Its
 * failure is logged; the refresher, the next reader and the job try again.
 */
function startRefresh(deps: OutsideTxDeps<"db" | "logger">, at: ActivityAt): void {
  const shared = sharedRefresh(deps.db, at);
  if (shared.isRunning) return;
  shared.run().catch((err: Error) => deps.logger.error({ event: "ladder.refresh_failed", err: err.message }, "refresh started by a reader failed"));
}

/**
 * SQL (a column a reader adds to its own statement): null when the stored ranks are current at
 * `at` (for the marks `counted`, default every one: ranksStoredAt); otherwise the newest of those
 * marks, 0 when none is left (the calendar moved on).
 */
function ranksBehind(at: ActivityAt, counted?: SQL): SQL<number | null> {
  return sql<number | null>`(case when ${ranksStoredAt(at, counted)} then null
    else coalesce((select max(id) from ${ladderRankChanges}${marksCounted(counted)}), 0) end)`;
}

/**
 * Before reading stored ranks: refreshes them when they were stored for another club day (the job
 * has not run since the club's midnight), threshold or zone, or a writer's mark is left (the
 * refresher has not run since that commit), and answers the calendar they are for.
 */
export async function currentLadderRanks(deps: OutsideTxDeps<"db" | "env" | "clock">): Promise<ActivityAt> {
  const at = activityAt(deps);
  const res = await deps.db.execute(sql`select ${ranksBehind(at)} as behind`);
  const behind = rowsOf<{ behind: unknown }>(res)[0]?.behind;
  if (behind !== null) await catchUp(deps.db, at, behind);
  return at;
}

/** For a reader whose ranksBehind column said `behind` (not null): the refresh covering the marks it saw. */
function catchUp(db: OutsideTx, at: ActivityAt, behind: unknown): Promise<void> {
  return refreshCovering(db, at, Number(behind) || null);
}

/**
 * Brings the ranks up to date for a reader that found them behind, `markedThrough` being the newest
 * writer's mark it saw (null: none, the calendar moved). Read-your-writes asks only for the marks
 * committed before the reader looked, and mark ids only grow: when a refresh is going, the reader
 * waits for it, then looks whether any mark up to `markedThrough` is left; if none is (that refresh
 * consumed them) it is done, otherwise it waits for a refresh that starts after it asked. At a
 * steady stream of confirmations this often saves the reader a second refresh.
 */
async function refreshCovering(db: OutsideTx, at: ActivityAt, markedThrough: number | null): Promise<void> {
  const shared = sharedRefresh(db, at);
  const going = shared.runningEnds();
  if (going && markedThrough !== null) {
    await going;
    if (await storedAt(db, at, markedThrough)) return;
  }
  await shared.run();
}

/**
 * This process's refreshes when stale, shared (SharedRun, server/lib/shared-run.ts; decision 040):
 * after a confirmation every open ladder refetches at once, and the readers that find a mark share
 * one refresh (or the one after it) instead of each taking the advisory lock in turn. One per
 * database handle, for the calendar last asked for.
 */
const sharedRefreshes = new WeakMap<OutsideTx, { key: string; shared: SharedRun<boolean> }>();

/** The shared refresh of `db` for the calendar `at`. */
function sharedRefresh(db: OutsideTx, at: ActivityAt): SharedRun<boolean> {
  const key = `${at.today}|${at.days}|${at.timeZone}`;
  let entry = sharedRefreshes.get(db);
  if (entry?.key !== key) {
    // Checked first without a transaction: the run after another often finds nothing left to do,
    // and a transaction's COMMIT, even one that wrote nothing, empties the read cache.
    const work = async () => !(await storedAt(db, at)) && (await refreshLadderRanks(db, at, { ifStale: true }));
    entry = { key, shared: new SharedRun(work) };
    sharedRefreshes.set(db, entry);
  }
  return entry.shared;
}

/**
 * The job and the refresher: refreshes the stored ranks when the club day (or threshold, or zone)
 * moved on, or a writer's mark is left.
 */
export async function sweepLadderRanks(deps: OutsideTxDeps<"db" | "env" | "clock">): Promise<{ refreshed: boolean }> {
  const at = activityAt(deps);
  if (await storedAt(deps.db, at)) return { refreshed: false };
  return { refreshed: await sharedRefresh(deps.db, at).run() };
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
