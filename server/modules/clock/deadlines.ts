// The challenge clock's arithmetic (docs/product.md, "The challenge clock"): the club rules in force,
// the deadlines a challenge or a result gets when its clock starts, and the pause a break puts on
// every running clock. Other modules use it through ./index.ts.
import { and, asc, eq, gt, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { challenges, clubBreaks, matches, sqlLiterals, systemSettings, type ClubBreak } from "@shared/schema";
import { CHALLENGE_STATUS, CLUB_RULES_SETTING, CONFIRMATION_STATUS, PLAY_BY_AFTER_PROPOSED_DAYS } from "@shared/constants";
import type { ClubRules } from "@shared/types/clock";
import type { DbOrTx } from "../../db/client";
import type { Env } from "../../config/env";

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

type RuleDefaults = Pick<Env, "ANSWER_WINDOW_HOURS" | "PLAY_BY_DAYS" | "MATCH_APPROVAL_DAYS" | "REMINDER_POINT" | "INACTIVITY_DAYS">;

/** The environment's defaults, as club rules. */
export function defaultClubRules(env: RuleDefaults): ClubRules {
  return {
    answerWindowHours: env.ANSWER_WINDOW_HOURS,
    playByDays: env.PLAY_BY_DAYS,
    approvalDays: env.MATCH_APPROVAL_DAYS,
    reminderPoint: env.REMINDER_POINT,
    inactivityDays: env.INACTIVITY_DAYS,
    updatedAt: null,
  };
}

/** The club rules in force: the admin's (system_settings), each missing one from the environment. */
export async function loadClubRules(db: DbOrTx, env: RuleDefaults): Promise<ClubRules> {
  const [row] = await db
    .select({ value: systemSettings.value, updatedAt: systemSettings.updatedAt })
    .from(systemSettings)
    .where(eq(systemSettings.setting, CLUB_RULES_SETTING))
    .limit(1);
  const defaults = defaultClubRules(env);
  if (!row?.value) return defaults;
  let stored: Partial<Record<keyof ClubRules, unknown>> = {};
  try {
    stored = JSON.parse(row.value) as typeof stored;
  } catch {
    // A damaged row (a hand edit): the defaults hold.
  }
  const num = (k: Exclude<keyof ClubRules, "updatedAt">): number => (typeof stored[k] === "number" ? (stored[k] as number) : defaults[k]);
  return {
    answerWindowHours: num("answerWindowHours"),
    playByDays: num("playByDays"),
    approvalDays: num("approvalDays"),
    reminderPoint: num("reminderPoint"),
    inactivityDays: num("inactivityDays"),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stretch of time when the clocks stand still. */
export interface Pause {
  startsAt: Date;
  endsAt: Date;
}

/**
 * When a clock started at `start` that runs `ms` ends, standing still during the pauses (pure). A
 * clock that would end inside a pause ends that much after it; one started inside a pause starts
 * when the pause ends.
 */
export function clockDeadline(start: Date, ms: number, pauses: readonly Pause[]): Date {
  let t = start.getTime();
  let remaining = ms;
  for (const p of [...pauses].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const from = p.startsAt.getTime();
    const to = p.endsAt.getTime();
    if (to <= t) continue;
    if (from > t) {
      if (t + remaining <= from) break;
      remaining -= from - t;
    }
    t = to;
  }
  return new Date(t + remaining);
}

/** The club breaks that end after `from`, earliest first. */
export async function breaksEndingAfter(db: DbOrTx, from: Date): Promise<ClubBreak[]> {
  return db.select().from(clubBreaks).where(gt(clubBreaks.endsAt, from)).orderBy(asc(clubBreaks.startsAt));
}

/** The club break going on at `now`, if any. */
export async function clubBreakAt(db: DbOrTx, now: Date): Promise<ClubBreak | undefined> {
  const [row] = await db
    .select()
    .from(clubBreaks)
    .where(and(lte(clubBreaks.startsAt, now), gt(clubBreaks.endsAt, now)))
    .limit(1);
  return row;
}

/** A window's deadline and the time its one reminder is due (the reminder point of the window). */
export interface ClockWindow {
  deadline: Date;
  remindAt: Date;
}

const windowOf = (now: Date, deadline: Date, reminderPoint: number): ClockWindow => ({
  deadline,
  remindAt: new Date(now.getTime() + Math.round((deadline.getTime() - now.getTime()) * reminderPoint)),
});

/** A new challenge: the challenged captain answers within the answer window (paused by breaks). */
export async function answerWindow(db: DbOrTx, o: { env: RuleDefaults; now: Date }): Promise<ClockWindow> {
  const rules = await loadClubRules(db, o.env);
  const deadline = clockDeadline(o.now, rules.answerWindowHours * HOUR_MS, await breaksEndingAfter(db, o.now));
  return windowOf(o.now, deadline, rules.reminderPoint);
}

/**
 * An accepted challenge: a result is reported within the play-by window, and never before the
 * proposed match time + 2 days (both paused by breaks).
 */
export async function playByWindow(db: DbOrTx, o: { env: RuleDefaults; now: Date; proposed: Date | null }): Promise<ClockWindow> {
  const rules = await loadClubRules(db, o.env);
  const start = o.proposed && o.proposed < o.now ? o.proposed : o.now;
  const pauses = await breaksEndingAfter(db, start);
  const byWindow = clockDeadline(o.now, rules.playByDays * DAY_MS, pauses);
  const byProposed = o.proposed ? clockDeadline(o.proposed, PLAY_BY_AFTER_PROPOSED_DAYS * DAY_MS, pauses) : byWindow;
  const deadline = byProposed > byWindow ? byProposed : byWindow;
  return windowOf(o.now, deadline, rules.reminderPoint);
}

/**
 * An accepted challenge moved to `startsAt` (a reschedule, docs/decisions/030-proposed-slots-and-reschedule.md):
 * the play-by date becomes the later of the one it has and `startsAt` + 2 days (paused by breaks), so a
 * reschedule never shortens the time the teams had and never leaves the match after its deadline.
 * null: the date stays (and so does its reminder).
 */
export async function rescheduledPlayBy(
  db: DbOrTx,
  o: { env: RuleDefaults; now: Date; current: Date | null; startsAt: Date },
): Promise<ClockWindow | null> {
  const byMatch = clockDeadline(o.startsAt, PLAY_BY_AFTER_PROPOSED_DAYS * DAY_MS, await breaksEndingAfter(db, o.startsAt < o.now ? o.startsAt : o.now));
  if (o.current && o.current >= byMatch) return null;
  const rules = await loadClubRules(db, o.env);
  return windowOf(o.now, byMatch, rules.reminderPoint);
}

/** A reported result: the other team confirms or disputes it within the approval window (paused by breaks). */
export async function approvalDeadline(db: DbOrTx, o: { env: RuleDefaults; now: Date }): Promise<Date> {
  const rules = await loadClubRules(db, o.env);
  return clockDeadline(o.now, rules.approvalDays * DAY_MS, await breaksEndingAfter(db, o.now));
}

const interval = (ms: number): SQL => sql`(${ms}::double precision * interval '1 millisecond')`;

/** Rows of challenges / matches involving one of the teams (all rows when none are given). */
const challengeOfTeams = (teamIds?: readonly number[]): SQL | undefined =>
  teamIds ? or(inArray(challenges.challengerTeamId, [...teamIds]), inArray(challenges.challengedTeamId, [...teamIds])) : undefined;
const matchOfTeams = (teamIds?: readonly number[]): SQL | undefined =>
  teamIds ? or(inArray(matches.team1Id, [...teamIds]), inArray(matches.team2Id, [...teamIds])) : undefined;

/**
 * THE HOOK POINT of a pause: the running clocks stand still from `from` to `to`. Every open deadline
 * still ahead at max(from, now) (answer: pending challenges' accept_by; play-by: accepted challenges'
 * play_by; approval: pending results' approval_deadline), and each reminder not yet due, moves later by
 * the paused length. A club break calls it for every team; a team's away range calls it with that
 * team's id (`teamIds`), in the transaction that records the range. Returns how many rows moved.
 */
export async function pauseOpenDeadlines(
  tx: DbOrTx,
  o: { from: Date; to: Date; now: Date; teamIds?: readonly number[] },
): Promise<{ challenges: number; matches: number }> {
  const pivot = o.from > o.now ? o.from : o.now;
  const ms = o.to.getTime() - pivot.getTime();
  if (ms <= 0) return { challenges: 0, matches: 0 };
  return shiftDeadlines(tx, { after: pivot, ms, teamIds: o.teamIds });
}

/**
 * The reverse of pauseOpenDeadlines for a pause that has not started (a club break removed before
 * its first day): deadlines after `from` move back by its length; a play-by date never before the
 * proposed time + 2 days.
 */
export async function unpauseOpenDeadlines(
  tx: DbOrTx,
  o: { from: Date; to: Date; teamIds?: readonly number[] },
): Promise<{ challenges: number; matches: number }> {
  return shiftDeadlines(tx, { after: o.from, ms: -(o.to.getTime() - o.from.getTime()), teamIds: o.teamIds });
}

async function shiftDeadlines(
  tx: DbOrTx,
  o: { after: Date; ms: number; teamIds?: readonly number[] | undefined },
): Promise<{ challenges: number; matches: number }> {
  const shift = interval(o.ms);
  const after = sql`${o.after.toISOString()}::timestamptz`;
  const pending = sql`${challenges.status} in (${sqlLiterals([CHALLENGE_STATUS.pending])})`;
  const accepted = sql`${challenges.status} in (${sqlLiterals([CHALLENGE_STATUS.accepted])})`;
  const moved = (col: SQL | typeof challenges.acceptBy, when: SQL) =>
    sql`case when ${when} and ${col} > ${after} then ${col} + ${shift} else ${col} end`;
  const floor = sql`coalesce(${challenges.proposedDateTime} + interval '${sql.raw(String(PLAY_BY_AFTER_PROPOSED_DAYS))} days', '-infinity'::timestamptz)`;
  const c = await tx
    .update(challenges)
    .set({
      acceptBy: moved(sql`${challenges.acceptBy}`, pending),
      answerRemindAt: moved(sql`${challenges.answerRemindAt}`, sql`${pending} and ${challenges.answerRemindedAt} is null`),
      playBy:
        o.ms >= 0
          ? moved(sql`${challenges.playBy}`, accepted)
          : sql`case when ${accepted} and ${challenges.playBy} > ${after} then greatest(${challenges.playBy} + ${shift}, ${floor}) else ${challenges.playBy} end`,
      resultRemindAt: moved(sql`${challenges.resultRemindAt}`, sql`${accepted} and ${challenges.resultRemindedAt} is null`),
    })
    .where(
      and(
        or(and(pending, gt(challenges.acceptBy, o.after)), and(accepted, gt(challenges.playBy, o.after))),
        challengeOfTeams(o.teamIds),
      ),
    )
    .returning({ id: challenges.id });
  const m = await tx
    .update(matches)
    .set({ approvalDeadline: sql`${matches.approvalDeadline} + ${shift}` })
    .where(
      and(
        eq(matches.confirmationStatus, CONFIRMATION_STATUS.pending),
        gt(matches.approvalDeadline, o.after),
        matchOfTeams(o.teamIds),
      ),
    )
    .returning({ id: matches.id });
  return { challenges: c.length, matches: m.length };
}
