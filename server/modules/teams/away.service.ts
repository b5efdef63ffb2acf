// A team's away ranges (docs/product.md, "Away"): the captain marks the team away for whole club
// days (at most AWAY_MAX_DAYS, not starting in the past, one range at a time), may come back sooner
// or cancel. While away the team cannot be challenged (challenges.eligibility.ts), shows "Away until
// …", and those days do not count towards its inactivity (ladder-order.ts). Setting a range pauses
// the clocks of the team's open challenges and results for it (deadlines after its start move later
// by the time it covers); coming back sooner leaves them moved, never shortening a clock someone
// counts on. Writes lock the team's row, so two requests cannot make overlapping ranges.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { teamAway, teams, type TeamAway } from "@shared/schema";
import { AWAY_MESSAGES, AWAY_TITLES, type SetAwayInput, type ShortenAwayInput } from "@shared/validators/away";
import type { AwayRange, TeamAwayView } from "@shared/types/away";
import { addDays, clubDay, formatDay, zonedDayStart } from "@shared/time";
import { pauseOpenDeadlines } from "../clock";
import { rowsOf, type DbOrTx } from "../../db/client";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { markLadderRanksChanged } from "../ladder";

type Captain = Pick<Actor, "id" | "teamId">;
/** The title of every refusal of the Away card's actions. */
const TITLE = AWAY_TITLES.setFailed;

const today = (deps: Deps<"env" | "clock">): string => clubDay(deps.clock.now(), deps.env.CLUB_TIMEZONE);
const view = (r: TeamAway): AwayRange => ({ id: r.id, teamId: r.teamId, firstDay: r.firstDay, lastDay: r.lastDay });

/** The range that is not over yet (today or later), if any: a team has at most one. */
async function currentRange(db: DbOrTx, teamId: number, day: string): Promise<TeamAway | undefined> {
  const [row] = await db
    .select()
    .from(teamAway)
    .where(and(eq(teamAway.teamId, teamId), gte(teamAway.lastDay, day)))
    .orderBy(asc(teamAway.firstDay))
    .limit(1);
  return row;
}

/** Locks the actor's team row (the team must be theirs and active), or refuses. */
async function lockOwnTeam(tx: DbOrTx, actor: Captain, teamId: number): Promise<void> {
  const res = await tx.execute(sql`select id from ${teams} where id = ${teamId} and deleted_at is null for update`);
  if (rowsOf(res).length === 0) throw notFound("Team not found");
  if (actor.teamId !== teamId) throw forbidden("Only the team captain can change this team.", { code: "captain_only", title: "Captain Only" });
}

/** GET /api/teams/{id}/away: today's club day and the team's range that is not over yet. */
export async function getTeamAway(deps: TxDeps<"db" | "env" | "clock">, input: { teamId: number }): Promise<TeamAwayView> {
  const day = today(deps);
  const row = await currentRange(deps.db, input.teamId, day);
  return { today: day, current: row ? view(row) : null };
}

/** POST /api/teams/{id}/away: the captain marks the team away from firstDay to lastDay (both included). */
export async function setTeamAway(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: SetAwayInput & { teamId: number; actor: Captain },
): Promise<TeamAwayView> {
  const day = today(deps);
  if (input.firstDay < day) throw badRequest(AWAY_MESSAGES.past, { code: "away_in_past", title: TITLE, fields: { firstDay: AWAY_MESSAGES.past } });
  const row = await deps.db.transaction(async (tx) => {
    await lockOwnTeam(tx, input.actor, input.teamId);
    const open = await currentRange(tx, input.teamId, day);
    if (open)
      throw conflict(
        `Your team is already away from ${formatDay(open.firstDay)} to ${formatDay(open.lastDay)}: change or cancel that first.`,
        { code: "away_already_set", title: TITLE },
      );
    const [created] = await tx
      .insert(teamAway)
      .values({ teamId: input.teamId, firstDay: input.firstDay, lastDay: input.lastDay, createdBy: input.actor.id })
      .returning();
    // The team's running clocks stand still while it is away (docs/product.md, "Away").
    const zone = deps.env.CLUB_TIMEZONE;
    await pauseOpenDeadlines(tx, {
      from: zonedDayStart(input.firstDay, zone),
      to: zonedDayStart(addDays(input.lastDay, 1), zone),
      now: deps.clock.now(),
      teamIds: [input.teamId],
    });
    // Away days do not count towards inactivity: the stored ranks follow (decisions 038, 039).
    await markLadderRanksChanged(tx, { by: input.actor.id });
    return created!;
  });
  deps.logger.info({ event: "team.away_set", teamId: input.teamId, userId: input.actor.id, firstDay: row.firstDay, lastDay: row.lastDay }, "team away set");
  return { today: day, current: view(row) };
}

/** Loads the team's range for a change: it must be the team's and not over. */
async function openRange(tx: DbOrTx, teamId: number, awayId: number, day: string): Promise<TeamAway> {
  const [row] = await tx.select().from(teamAway).where(and(eq(teamAway.id, awayId), eq(teamAway.teamId, teamId))).limit(1);
  if (!row) throw notFound(AWAY_MESSAGES.notFound, { code: "not_found", title: TITLE });
  if (row.lastDay < day) throw conflict(AWAY_MESSAGES.over, { code: "away_over", title: TITLE });
  return row;
}

/** PATCH /api/teams/{id}/away/{awayId}: coming back sooner (an earlier last day, from today on). */
export async function shortenTeamAway(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: ShortenAwayInput & { teamId: number; awayId: number; actor: Captain },
): Promise<TeamAwayView> {
  const day = today(deps);
  const row = await deps.db.transaction(async (tx) => {
    await lockOwnTeam(tx, input.actor, input.teamId);
    const open = await openRange(tx, input.teamId, input.awayId, day);
    const earliest = open.firstDay > day ? open.firstDay : day;
    if (input.lastDay < earliest || input.lastDay > open.lastDay)
      throw badRequest(AWAY_MESSAGES.shortenRange, { code: "validation_failed", title: TITLE, fields: { lastDay: AWAY_MESSAGES.shortenRange } });
    const [updated] = await tx.update(teamAway).set({ lastDay: input.lastDay }).where(eq(teamAway.id, open.id)).returning();
    await markLadderRanksChanged(tx, { by: input.actor.id });
    return updated!;
  });
  deps.logger.info({ event: "team.away_shortened", teamId: input.teamId, userId: input.actor.id, lastDay: row.lastDay }, "team away shortened");
  return { today: day, current: view(row) };
}

/**
 * DELETE /api/teams/{id}/away/{awayId}: the team is back from today. A range that has not begun
 * before today is removed; one that has ends yesterday (the days already away stay away).
 */
export async function cancelTeamAway(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: { teamId: number; awayId: number; actor: Captain },
): Promise<TeamAwayView> {
  const day = today(deps);
  await deps.db.transaction(async (tx) => {
    await lockOwnTeam(tx, input.actor, input.teamId);
    const open = await openRange(tx, input.teamId, input.awayId, day);
    if (open.firstDay >= day) await tx.delete(teamAway).where(eq(teamAway.id, open.id));
    else await tx.update(teamAway).set({ lastDay: addDays(day, -1) }).where(eq(teamAway.id, open.id));
    await markLadderRanksChanged(tx, { by: input.actor.id });
  });
  deps.logger.info({ event: "team.away_canceled", teamId: input.teamId, userId: input.actor.id }, "team away canceled");
  return { today: day, current: null };
}

/** An away range with the instants it covers: from the club's midnight of its first day to the one after its last day. */
export interface AwayPeriod extends AwayRange {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The team's away ranges that overlap the period [from, to), with the instants they cover: what the
 * challenge clock needs to move a deadline by the overlap (docs/product.md, "Away").
 */
export async function listAwayOverlapping(
  deps: TxDeps<"db" | "env">,
  input: { teamId: number; from: Date; to: Date },
): Promise<AwayPeriod[]> {
  const zone = deps.env.CLUB_TIMEZONE;
  const startsAt = sql<Date>`(${teamAway.firstDay}::timestamp at time zone ${zone}::text)`;
  const endsAt = sql<Date>`((${teamAway.lastDay} + 1)::timestamp at time zone ${zone}::text)`;
  const rows = await deps.db
    .select({ id: teamAway.id, teamId: teamAway.teamId, firstDay: teamAway.firstDay, lastDay: teamAway.lastDay, startsAt, endsAt })
    .from(teamAway)
    .where(and(eq(teamAway.teamId, input.teamId), sql`${startsAt} < ${input.to.toISOString()}::timestamptz`, sql`${endsAt} > ${input.from.toISOString()}::timestamptz`))
    .orderBy(asc(teamAway.firstDay));
  return rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }));
}
