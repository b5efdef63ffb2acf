// Seasons (docs/product.md, "Seasons", "Season archives", "Carry-over"): the admin's seasons, the
// one going on now, closing a season into a frozen snapshot of its standings, and the carry-over
// applied when a season starts. Both the close and the start happen exactly once, whoever gets there
// first (the admin, or the jobs runner on any instance): each is one conditional UPDATE of the
// season's row (`closed_at is null`, `started_at is null`) in the transaction that does the work.
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { seasonCarryOvers, seasons, seasonStandings, teams, type Season } from "@shared/schema";
import { COMPETITION_TYPES } from "@shared/constants";
import { carryOver } from "@shared/rating/carry-over";
import { ratingStateOf } from "@shared/rating";
import { clubDay, addDays } from "@shared/time";
import {
  SEASON_LADDERS,
  SEASON_MESSAGES,
  SEASON_TITLES,
  seasonOverlapMessage,
  type SeasonInput,
  type SeasonListQuery,
  type SeasonStandingsQuery,
} from "@shared/validators/seasons";
import type {
  ArchivedSeason,
  ArchivedSeasonsPage,
  CurrentSeason,
  SeasonChampion,
  SeasonStandingsPage,
  SeasonView,
  SeasonsPage,
} from "@shared/types/seasons";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import type { DbOrTx } from "../../db/client";
import { AppError, badRequest, conflict, notFound } from "../../lib/app-error";
import { offsetOf, pageOf } from "../../lib/paging";
import { activityAt, ladderRanks, ladderValues, markLadderRanksChanged, writeRatingStates, type ActivityAt } from "../ladder";


/** Today in the club's zone. */
function today(deps: Deps<"env" | "clock">, now?: Date): string {
  return clubDay(now ?? deps.clock.now(), deps.env.CLUB_TIMEZONE);
}

function viewOf(s: Season, day: string): SeasonView {
  const state = s.closedAt ? "closed" : s.firstDay > day ? "upcoming" : s.lastDay >= day ? "current" : "ending";
  return {
    id: s.id,
    name: s.name,
    firstDay: s.firstDay,
    lastDay: s.lastDay,
    carryOverPercent: s.carryOverPercent,
    state,
    closedAt: s.closedAt?.toISOString() ?? null,
  };
}

/**
 * The current season: not closed, and its days contain today. Seasons never overlap, so there is at
 * most one; between seasons (or before the first) there is none.
 */
const currentOn = (day: string) => and(isNull(seasons.closedAt), lte(seasons.firstDay, day), sql`${seasons.lastDay} >= ${day}`);

/** The season going on today (null between seasons). Other modules read it through index.ts. */
export async function findCurrentSeason(deps: TxDeps<"db" | "env" | "clock">, input: { now?: Date } = {}): Promise<Season | null> {
  const [row] = await deps.db.select().from(seasons).where(currentOn(today(deps, input.now))).limit(1);
  return row ?? null;
}

/** GET /api/seasons/current: the season going on, else the next one planned. */
export async function getCurrentSeason(deps: TxDeps<"db" | "env" | "clock">): Promise<CurrentSeason> {
  const day = today(deps);
  const [current] = await deps.db.select().from(seasons).where(currentOn(day)).limit(1);
  const [next] = current
    ? []
    : await deps.db.select().from(seasons).where(and(isNull(seasons.closedAt), gt(seasons.firstDay, day))).orderBy(asc(seasons.firstDay)).limit(1);
  return { current: current ? viewOf(current, day) : null, next: next ? viewOf(next, day) : null };
}

/** GET /api/admin/seasons: every season, the latest first. */
export async function listSeasons(deps: TxDeps<"db" | "env" | "clock">, query: SeasonListQuery): Promise<SeasonsPage> {
  const day = today(deps);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(seasons).orderBy(desc(seasons.firstDay), desc(seasons.id)).limit(query.limit).offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(seasons),
  ]);
  return pageOf(
    rows.map((s) => viewOf(s, day)),
    Number(total?.n ?? 0),
    query,
  );
}

/** Each season's champions: rank 1 of every ladder, over the club and within each category. */
async function championsOf(db: DbOrTx, seasonIds: number[]): Promise<Map<number, SeasonChampion[]>> {
  const out = new Map<number, SeasonChampion[]>(seasonIds.map((id) => [id, []]));
  if (seasonIds.length === 0) return out;
  // Rank 1 is the first place of a ladder (ranked teams are listed first), so each champion is
  // read by its primary key (season, ladder, scope, position 1): an index lookup per ladder, not a
  // scan of the season's standings.
  const firstPlaces = seasonIds.flatMap((id) =>
    SEASON_LADDERS.flatMap((ladder) => ["all", ...COMPETITION_TYPES].map((scope) => sql`(${id}::int, ${ladder}::text, ${scope}::text, 1)`)),
  );
  const rows = await db
    .select()
    .from(seasonStandings)
    .where(
      and(
        sql`(${seasonStandings.seasonId}, ${seasonStandings.ladder}, ${seasonStandings.scope}, ${seasonStandings.position}) in (${sql.join(firstPlaces, sql`, `)})`,
        eq(seasonStandings.rank, 1),
      ),
    )
    .orderBy(asc(seasonStandings.seasonId), asc(seasonStandings.scope), asc(seasonStandings.ladder));
  const ladderOrder = (l: string) => SEASON_LADDERS.indexOf(l as (typeof SEASON_LADDERS)[number]);
  const scopeOrder = (s: string) => (s === "all" ? -1 : COMPETITION_TYPES.indexOf(s as (typeof COMPETITION_TYPES)[number]));
  rows.sort((a, b) => scopeOrder(a.scope) - scopeOrder(b.scope) || ladderOrder(a.ladder) - ladderOrder(b.ladder));
  for (const r of rows) {
    out.get(r.seasonId)?.push({ ladder: r.ladder, scope: r.scope, teamName: r.teamName, rating: r.rating, wins: r.wins, losses: r.losses });
  }
  return out;
}

/** GET /api/seasons: the closed seasons with their champions, the latest first. */
export async function listArchivedSeasons(deps: TxDeps<"db" | "env" | "clock">, query: SeasonListQuery): Promise<ArchivedSeasonsPage> {
  const day = today(deps);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(seasons).where(isNotNull(seasons.closedAt)).orderBy(desc(seasons.lastDay), desc(seasons.id)).limit(query.limit).offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(seasons).where(isNotNull(seasons.closedAt)),
  ]);
  const champions = await championsOf(
    deps.db,
    rows.map((s) => s.id),
  );
  return pageOf(
    rows.map((s) => ({ ...viewOf(s, day), champions: champions.get(s.id) ?? [] })),
    Number(total?.n ?? 0),
    query,
  );
}

async function closedSeason(db: DbOrTx, seasonId: number): Promise<Season> {
  const [row] = await db.select().from(seasons).where(eq(seasons.id, seasonId)).limit(1);
  if (!row) throw notFound(SEASON_MESSAGES.notFound);
  if (!row.closedAt) throw notFound(SEASON_MESSAGES.notClosed, { code: "season_not_closed" });
  return row;
}

/** GET /api/seasons/{id}: a closed season and its champions. */
export async function getArchivedSeason(deps: TxDeps<"db" | "env" | "clock">, input: { seasonId: number }): Promise<ArchivedSeason> {
  const row = await closedSeason(deps.db, input.seasonId);
  const champions = await championsOf(deps.db, [row.id]);
  return { ...viewOf(row, today(deps)), champions: champions.get(row.id) ?? [] };
}

/** GET /api/seasons/{id}/standings: one ladder of a closed season, over the club or one category. */
export async function getSeasonStandings(
  deps: TxDeps<"db">,
  input: SeasonStandingsQuery & { seasonId: number },
): Promise<SeasonStandingsPage> {
  await closedSeason(deps.db, input.seasonId);
  const where = and(
    eq(seasonStandings.seasonId, input.seasonId),
    eq(seasonStandings.ladder, input.ladder),
    eq(seasonStandings.scope, input.competitionType ?? "all"),
  );
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(seasonStandings).where(where).orderBy(asc(seasonStandings.position)).limit(input.limit).offset(offsetOf(input)),
    deps.db.select({ n: count() }).from(seasonStandings).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({
      position: r.position,
      rank: r.rank,
      teamName: r.teamName,
      competitionType: r.competitionType,
      rating: r.rating,
      wins: r.wins,
      losses: r.losses,
    })),
    Number(total?.n ?? 0),
    input,
  );
}

/** Refuses days that overlap another season (`except`: the one being changed). Under the table lock. */
async function refuseOverlap(tx: DbOrTx, input: { firstDay: string; lastDay: string; except?: number }): Promise<void> {
  const [clash] = await tx
    .select()
    .from(seasons)
    .where(
      and(
        lte(seasons.firstDay, input.lastDay),
        sql`${seasons.lastDay} >= ${input.firstDay}`,
        input.except === undefined ? undefined : ne(seasons.id, input.except),
      ),
    )
    .orderBy(asc(seasons.firstDay))
    .limit(1);
  if (clash) throw conflict(seasonOverlapMessage(clash), { title: SEASON_TITLES.save, code: "season_overlap" });
}

const lockSeasons = (tx: DbOrTx) => tx.execute(sql`lock table ${seasons} in share row exclusive mode`);

function refusePast(deps: Deps<"env" | "clock">, input: { firstDay: string; now?: Date }): void {
  if (input.firstDay < today(deps, input.now)) {
    throw badRequest(SEASON_MESSAGES.past, { title: SEASON_TITLES.save, fields: { firstDay: SEASON_MESSAGES.past } });
  }
}

/** POST /api/admin/seasons: a new season, starting today at the earliest, overlapping none. */
export async function createSeason(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: SeasonInput & { actor: Pick<Actor, "id">; now?: Date },
): Promise<SeasonView> {
  refusePast(deps, input);
  const row = await deps.db.transaction(async (tx) => {
    await lockSeasons(tx);
    await refuseOverlap(tx, input);
    const [created] = await tx
      .insert(seasons)
      .values({ name: input.name, firstDay: input.firstDay, lastDay: input.lastDay, carryOverPercent: input.carryOverPercent, createdBy: input.actor.id })
      .returning();
    return created!;
  });
  deps.logger.info({ event: "admin.season_created", adminId: input.actor.id, seasonId: row.id, firstDay: row.firstDay, lastDay: row.lastDay }, "season created");
  return viewOf(row, today(deps, input.now));
}

/** PUT /api/admin/seasons/{id}: changes a season that has not started yet. */
export async function updateSeason(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: SeasonInput & { seasonId: number; actor: Pick<Actor, "id">; now?: Date },
): Promise<SeasonView> {
  const day = today(deps, input.now);
  const row = await deps.db.transaction(async (tx) => {
    await lockSeasons(tx);
    const [existing] = await tx.select().from(seasons).where(eq(seasons.id, input.seasonId)).limit(1);
    if (!existing) throw notFound(SEASON_MESSAGES.notFound, { title: SEASON_TITLES.save });
    if (existing.firstDay <= day || existing.startedAt || existing.closedAt) {
      throw new AppError(409, SEASON_MESSAGES.notFuture, { title: SEASON_TITLES.save, code: "season_started" });
    }
    refusePast(deps, input);
    await refuseOverlap(tx, { ...input, except: existing.id });
    const [updated] = await tx
      .update(seasons)
      .set({ name: input.name, firstDay: input.firstDay, lastDay: input.lastDay, carryOverPercent: input.carryOverPercent })
      .where(eq(seasons.id, existing.id))
      .returning();
    return updated!;
  });
  deps.logger.info({ event: "admin.season_changed", adminId: input.actor.id, seasonId: row.id }, "season changed");
  return viewOf(row, day);
}

/**
 * Closes the season (once: only while `closed_at` is null) and freezes its standings: every ladder
 * (three surfaces and overall), ranked over the club and within each category by the one ladder
 * order (ladder-order.ts) as of its last day, each row holding the team's name, category, rating
 * and W-L as values. One INSERT … SELECT reads all of them in one snapshot. A season closed early
 * ends today. Answers false when it was already closed (by someone else first).
 */
async function closeSeason(tx: DbOrTx, input: { seasonId: number; day: string; closedBy: number | null; now: Date; at: ActivityAt }): Promise<boolean> {
  const [closed] = await tx
    .update(seasons)
    .set({ closedAt: input.now, closedBy: input.closedBy, lastDay: sql`least(${seasons.lastDay}, ${input.day}::date)` })
    .where(and(eq(seasons.id, input.seasonId), isNull(seasons.closedAt)))
    .returning();
  if (!closed) return false;
  // Standings as of its last day: a team's inactivity is counted up to then.
  const at: ActivityAt = { ...input.at, today: closed.lastDay < input.at.today ? closed.lastDay : input.at.today };
  const parts = SEASON_LADDERS.flatMap((ladder) =>
    (["club", "category"] as const).map((within) => {
      const v = ladderValues(ladder, "t");
      const scope = within === "club" ? sql`'all'` : sql`r.competition_type`;
      return sql`select ${closed.id}::int, ${ladder}::text, ${scope}, r.position, r.rank, t.id, t.name, t.competition_type, ${v.rating}, ${v.wins}, ${v.losses}
        from (${ladderRanks({ ladder, within, at })}) r join ${teams} t on t.id = r.team_id`;
    }),
  );
  await tx.execute(sql`insert into ${seasonStandings}
    (season_id, ladder, scope, position, rank, team_id, team_name, competition_type, rating, wins, losses)
    ${sql.join(parts, sql` union all `)}`);
  return true;
}

/** POST /api/admin/seasons/{id}/close: the admin ends a season now (today is its last day). */
export async function closeSeasonNow(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: { seasonId: number; actor: Pick<Actor, "id">; now?: Date },
): Promise<SeasonView> {
  const now = input.now ?? deps.clock.now();
  const day = today(deps, now);
  const row = await deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(seasons).where(eq(seasons.id, input.seasonId)).for("update").limit(1);
    if (!existing) throw notFound(SEASON_MESSAGES.notFound, { title: SEASON_TITLES.close });
    if (existing.closedAt) throw new AppError(409, SEASON_MESSAGES.closed, { title: SEASON_TITLES.close, code: "season_closed" });
    if (existing.firstDay > day) throw new AppError(409, SEASON_MESSAGES.notStarted, { title: SEASON_TITLES.close, code: "season_not_started" });
    await closeSeason(tx, { seasonId: existing.id, day, closedBy: input.actor.id, now, at: { ...activityAt(deps), today: day } });
    const [closed] = await tx.select().from(seasons).where(eq(seasons.id, existing.id));
    return closed!;
  });
  deps.logger.info({ event: "admin.season_closed", adminId: input.actor.id, seasonId: row.id }, "season closed");
  return viewOf(row, day);
}

/** SQL: no season before this one (by first day) is still open: its standings are frozen first. */
const noEarlierOpenSeason = sql`not exists (select 1 from ${seasons} p where p.closed_at is null and p.first_day < ${seasons.firstDay})`;

/**
 * Starts the season (once: only while `started_at` is null) and applies its carry-over: every team
 * locked, its ratings pulled toward the start (shared/rating/carry-over.ts), and the event recorded
 * with a time later than any team's last change, so a replay of history puts it after every match
 * approved before it and before every one approved after it (rebuild.ts). A season does not start
 * while an earlier one is still open: its standings are frozen first.
 */
async function startSeason(tx: DbOrTx, input: { seasonId: number; day: string; now: Date }): Promise<boolean> {
  const [started] = await tx
    .update(seasons)
    .set({ startedAt: input.now })
    .where(
      and(
        eq(seasons.id, input.seasonId),
        isNull(seasons.startedAt),
        isNull(seasons.closedAt),
        lte(seasons.firstDay, input.day),
        noEarlierOpenSeason,
      ),
    )
    .returning();
  if (!started) return false;
  if (started.carryOverPercent === 0) return true;
  const rows = await tx.select().from(teams).orderBy(asc(teams.id)).for("no key update");
  const latest = rows.reduce((t, r) => Math.max(t, r.updatedAt.getTime() + 1), input.now.getTime());
  const appliedAt = new Date(latest);
  await writeRatingStates(
    tx,
    rows.map((r) => [r.id, carryOver(ratingStateOf(r), started.carryOverPercent)]),
  );
  await tx.update(teams).set({ updatedAt: appliedAt }).where(sql`true`);
  await tx.insert(seasonCarryOvers).values({ seasonId: started.id, percent: started.carryOverPercent, appliedAt });
  // Every rating moved: the stored ranks follow after the commit (decisions 038, 039).
  await markLadderRanksChanged(tx);
  return true;
}

export interface SeasonSweepResult {
  closed: number;
  started: number;
}

/**
 * The jobs runner's sweep (every instance, every SWEEP_INTERVAL_SECONDS): closes the seasons whose
 * last day is over, then starts the one whose first day has come. A season another instance is
 * closing or starting right now is skipped (SKIP LOCKED); the conditional UPDATE makes a late second
 * attempt change nothing, also after a restart.
 */
export async function sweepSeasons(deps: Deps<"db" | "env" | "clock" | "logger">, input: { now?: Date } = {}): Promise<SeasonSweepResult> {
  const now = input.now ?? deps.clock.now();
  const day = today(deps, now);
  const result: SeasonSweepResult = { closed: 0, started: 0 };
  for (const step of ["close", "start"] as const) {
    for (let i = 0; i < 20; i++) {
      const done = await deps.db.transaction(async (tx) => {
        // A season is due to start only once every earlier one is closed (as startSeason checks):
        // claimed while another instance is still closing the one before, it would be held by a
        // sweep that cannot start it, and skipped (SKIP LOCKED) by the one that just closed it.
        const due =
          step === "close"
            ? and(isNull(seasons.closedAt), sql`${seasons.lastDay} < ${day}`)
            : and(isNull(seasons.startedAt), isNull(seasons.closedAt), lte(seasons.firstDay, day), noEarlierOpenSeason);
        const [claimed] = await tx.select({ id: seasons.id }).from(seasons).where(due).orderBy(asc(seasons.firstDay)).limit(1).for("update", { skipLocked: true });
        if (!claimed) return null;
        return step === "close"
          ? closeSeason(tx, { seasonId: claimed.id, day: addDays(day, -1), closedBy: null, now, at: { ...activityAt(deps), today: day } })
          : startSeason(tx, { seasonId: claimed.id, day, now });
      });
      if (done === null || done === false) break;
      result[step === "close" ? "closed" : "started"]++;
    }
  }
  if (result.closed || result.started) deps.logger.info({ event: "seasons.sweep", ...result }, "seasons closed or started");
  return result;
}
