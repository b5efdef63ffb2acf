// The club rules of the challenge clock and the club breaks (docs/product.md, "Club rules" and
// "Club breaks"). The rules are one system_settings row (JSON) over the environment's defaults; a
// change applies to deadlines set after it. A break stops new challenges and pauses every running
// clock for its length (deadlines.ts, pauseOpenDeadlines), in the transaction that declares it.
import { and, count, desc, eq, gt, lt, lte, sql } from "drizzle-orm";
import { clubBreaks, systemSettings, type ClubBreak } from "@shared/schema";
import { CLUB_RULES_SETTING } from "@shared/constants";
import { CLUB_BREAK_MESSAGES, type ClubBreakInput, type ClubBreakListQuery, type ClubRulesInput } from "@shared/validators/clock";
import type { ClubBreakBanner, ClubBreakRemoved, ClubBreakView, ClubBreaksPage, ClubRules } from "@shared/types/clock";
import { addDays, clubDay, formatZonedDate, zonedDayStart } from "@shared/time";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError, badRequest, conflict, notFound } from "../../lib/app-error";
import { offsetOf, pageOf } from "../../lib/paging";
import { DAY_MS, loadClubRules, pauseOpenDeadlines, unpauseOpenDeadlines } from "./deadlines";
import { markLadderRanksChanged } from "../ladder";

const BREAK_TITLE = "Failed to Save Club Break";
/** The banner also announces a break that starts within this many days. */
const BANNER_AHEAD_DAYS = 14;

/** GET /api/settings/club-rules. */
export async function getClubRules(deps: TxDeps<"db" | "env">): Promise<ClubRules> {
  return loadClubRules(deps.db, deps.env);
}

/** POST /api/settings/club-rules: the admin's rules (each in its range, checked by clubRulesSchema). */
export async function setClubRules(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: ClubRulesInput & { actor: Pick<Actor, "id"> },
): Promise<ClubRules> {
  const { actor, ...rules } = input;
  const value = JSON.stringify(rules);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(systemSettings)
      .values({ setting: CLUB_RULES_SETTING, value, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: systemSettings.setting, set: { value, updatedAt: now, updatedBy: actor.id } });
    // The inactivity threshold may have changed: the stored ranks follow (decisions 038, 039).
    await markLadderRanksChanged(tx, { by: actor.id });
  });
  deps.logger.info({ event: "admin.club_rules", adminId: actor.id, rules }, "club rules changed");
  return loadClubRules(deps.db, deps.env);
}

function viewOf(b: ClubBreak, timeZone: string, now: Date): ClubBreakView {
  return {
    id: b.id,
    name: b.name,
    from: clubDay(b.startsAt, timeZone),
    to: clubDay(new Date(b.endsAt.getTime() - 1), timeZone),
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    state: b.startsAt > now ? "upcoming" : b.endsAt > now ? "current" : "past",
  };
}

/** GET /api/settings/club-breaks: every break, the latest first, a page at a time. */
export async function listClubBreaks(deps: TxDeps<"db" | "env">, query: ClubBreakListQuery & { now?: Date }): Promise<ClubBreaksPage> {
  const now = query.now ?? new Date();
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(clubBreaks).orderBy(desc(clubBreaks.startsAt), desc(clubBreaks.id)).limit(query.limit).offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(clubBreaks),
  ]);
  return pageOf(
    rows.map((b) => viewOf(b, deps.env.CLUB_TIMEZONE, now)),
    Number(total?.n ?? 0),
    query,
  );
}

/** GET /api/settings/club-break: the banner (the break going on now, else one starting soon). */
export async function getClubBreakBanner(deps: TxDeps<"db" | "env">, input: { now?: Date } = {}): Promise<ClubBreakBanner> {
  const now = input.now ?? new Date();
  const soon = new Date(now.getTime() + BANNER_AHEAD_DAYS * DAY_MS);
  const rows = await deps.db
    .select()
    .from(clubBreaks)
    .where(and(gt(clubBreaks.endsAt, now), lte(clubBreaks.startsAt, soon)))
    .orderBy(clubBreaks.startsAt)
    .limit(2);
  const views = rows.map((b) => viewOf(b, deps.env.CLUB_TIMEZONE, now));
  return { current: views.find((v) => v.state === "current") ?? null, next: views.find((v) => v.state === "upcoming") ?? null };
}

/**
 * POST /api/settings/club-breaks: from its first to its last day (club time, inclusive); not starting
 * in the past, never overlapping another. Declared under a table lock (so two admins cannot add
 * overlapping breaks at once), and every running clock is paused for it in the same transaction.
 */
export async function declareClubBreak(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: ClubBreakInput & { actor: Pick<Actor, "id">; now?: Date },
): Promise<ClubBreakView> {
  const tz = deps.env.CLUB_TIMEZONE;
  const now = input.now ?? new Date();
  if (input.from < clubDay(now, tz)) throw badRequest(CLUB_BREAK_MESSAGES.past, { title: BREAK_TITLE, fields: { from: CLUB_BREAK_MESSAGES.past } });
  const startsAt = zonedDayStart(input.from, tz);
  const endsAt = zonedDayStart(addDays(input.to, 1), tz);
  const { row, moved } = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${clubBreaks} in share row exclusive mode`);
    const [clash] = await tx
      .select()
      .from(clubBreaks)
      .where(and(lt(clubBreaks.startsAt, endsAt), gt(clubBreaks.endsAt, startsAt)))
      .limit(1);
    if (clash) {
      const c = viewOf(clash, tz, now);
      throw conflict(`This break overlaps ${c.name} (${formatZonedDate(c.startsAt, tz)} to ${formatZonedDate(new Date(clash.endsAt.getTime() - 1), tz)}). Breaks cannot overlap.`, {
        title: BREAK_TITLE,
        code: "break_overlap",
      });
    }
    const [created] = await tx.insert(clubBreaks).values({ name: input.name, startsAt, endsAt, createdBy: input.actor.id }).returning();
    const shifted = await pauseOpenDeadlines(tx, { from: startsAt, to: endsAt, now });
    // A break's days do not count towards inactivity: the stored ranks follow (decisions 038, 039).
    await markLadderRanksChanged(tx, { by: input.actor.id });
    return { row: created!, moved: shifted };
  });
  deps.logger.info({ event: "admin.club_break", adminId: input.actor.id, breakId: row.id, from: input.from, to: input.to, moved }, "club break declared");
  return viewOf(row, tz, now);
}

/** DELETE /api/settings/club-breaks/{id}: only before its first day; the clocks it paused move back. */
export async function removeClubBreak(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: { breakId: number; actor: Pick<Actor, "id">; now?: Date },
): Promise<ClubBreakRemoved> {
  const now = input.now ?? new Date();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${clubBreaks} in share row exclusive mode`);
    const [row] = await tx.select().from(clubBreaks).where(eq(clubBreaks.id, input.breakId)).limit(1);
    if (!row) throw notFound(CLUB_BREAK_MESSAGES.notFound, { title: "Failed to Remove Club Break" });
    if (row.startsAt <= now) throw new AppError(409, CLUB_BREAK_MESSAGES.started, { title: "Failed to Remove Club Break", code: "break_started" });
    await tx.delete(clubBreaks).where(eq(clubBreaks.id, row.id));
    await unpauseOpenDeadlines(tx, { from: row.startsAt, to: row.endsAt });
    await markLadderRanksChanged(tx, { by: input.actor.id });
  });
  deps.logger.info({ event: "admin.club_break_removed", adminId: input.actor.id, breakId: input.breakId }, "club break removed");
  return { removed: true };
}
