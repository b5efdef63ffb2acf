// The challenge clock's sweep (docs/product.md, "The challenge clock"): challenges whose answer window
// or play-by date ran out become expired (all four players told), and each window's one reminder goes
// out when its reminder point comes (the responsible captain by mail, the team in the app). Runs from
// the jobs runner on every instance: each batch is claimed with FOR UPDATE SKIP LOCKED and changed by a
// conditional UPDATE in one transaction with its notifications and mail, so every challenge expires
// once and every reminder goes out once, however many sweeps run at the same moment. `now` is given
// (the jobs runner's clock; tests drive time with it).
import { inArray, sql } from "drizzle-orm";
import { challenges, teams, users, sqlLiterals } from "@shared/schema";
import { CHALLENGE_STATUS } from "@shared/constants";
import { rowsOf, type Db, type DbOrTx } from "../../db/client";
import type { Env } from "../../config/env";
import type { Logger } from "../../lib/logger";
import { teamRecipients, tell } from "../notifications/notifications.service";
import { answerReminderMail, challengeExpiredMail, resultReminderMail } from "./challenges.emails";
import { closeSlots } from "./challenges.slots";

export interface ClockSweepResult {
  expired: number;
  answerReminders: number;
  resultReminders: number;
}

interface ClockRow extends Record<string, unknown> {
  id: number;
  challenger_team_id: number;
  challenged_team_id: number;
  location: string;
  proposed_date_time: Date | string | null;
  accept_by: Date | string | null;
  play_by: Date | string | null;
  answered_at: Date | string | null;
  /** The team whose answer waits (null on challenges from before proposed times: the challenged team). */
  awaiting_team_id: number | null;
}

/** The team whose answer a pending challenge waits for. */
const awaitedTeam = (r: ClockRow): number => Number(r.awaiting_team_id ?? r.challenged_team_id);

const PENDING = sqlLiterals([CHALLENGE_STATUS.pending]);
const ACCEPTED = sqlLiterals([CHALLENGE_STATUS.accepted]);
const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/** The names of both teams of each claimed challenge, by team id (no query when nothing was claimed). */
async function namesOf(tx: DbOrTx, claimed: ClockRow[]): Promise<Map<number, string>> {
  if (!claimed.length) return new Map();
  const ids = new Set(claimed.flatMap((r) => [r.challenger_team_id, r.challenged_team_id]));
  const rows = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The captains' addresses of these teams (the responsible captain gets the reminder mail). */
async function captainEmails(tx: DbOrTx, teamIds: number[]): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email, isCaptain: users.isCaptain })
    .from(users)
    .where(inArray(users.teamId, teamIds));
  return rows.filter((r) => r.isCaptain && r.email).map((r) => r.email);
}

/**
 * Claims up to `limit` challenges matching `due`, skipping any another transaction holds, and changes
 * them with `set` where `still` holds (the same condition, re-checked on the locked row). Returns the
 * changed rows, inside `tx`.
 */
async function claim(tx: DbOrTx, o: { due: ReturnType<typeof sql>; set: ReturnType<typeof sql>; limit: number }): Promise<ClockRow[]> {
  const res = await tx.execute<ClockRow>(sql`
    with due as (
      select c.id from ${challenges} c where ${o.due} order by c.id limit ${o.limit} for update skip locked
    )
    update ${challenges} c set ${o.set} from due where c.id = due.id and ${o.due}
    returning c.id, c.challenger_team_id, c.challenged_team_id, c.location, c.proposed_date_time, c.accept_by, c.play_by, c.answered_at,
      c.awaiting_team_id`);
  return rowsOf<ClockRow>(res);
}

/** Runs `step` in its own transaction, batch after batch, until a batch comes back short. */
async function inBatches(db: Db, batchSize: number, maxBatches: number, step: (tx: DbOrTx) => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await db.transaction((tx) => step(tx));
    total += n;
    if (n < batchSize) break;
  }
  return total;
}

export async function sweepChallengeClock(opts: {
  db: Db;
  env: Pick<Env, "APP_URL" | "CLUB_TIMEZONE">;
  logger: Logger;
  now?: Date;
  batchSize?: number;
  /** Batches per kind in one run (the next run continues). */
  maxBatches?: number;
}): Promise<ClockSweepResult> {
  const { db, env } = opts;
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? 50;
  const maxBatches = opts.maxBatches ?? 20;
  const tz = env.CLUB_TIMEZONE;
  const at = sql`${now.toISOString()}::timestamptz`;
  /** One kind of sweep: claims the due challenges batch after batch (`set` marks them handled) and tells their teams. */
  const sweep = (
    due: ReturnType<typeof sql>,
    set: ReturnType<typeof sql>,
    handle: (tx: DbOrTx, rows: ClockRow[], names: Map<number, string>) => Promise<void>,
  ): Promise<number> =>
    inBatches(db, batchSize, maxBatches, async (tx) => {
      const rows = await claim(tx, { due, set, limit: batchSize });
      await handle(tx, rows, await namesOf(tx, rows));
      return rows.length;
    });

  // 1. Expiry: pending past accept_by, accepted past play_by (no result: a reported one is match_reported).
  const runningOut = sql`((c.status in (${PENDING}) and c.accept_by <= ${at}) or (c.status in (${ACCEPTED}) and c.play_by <= ${at}))`;
  const expired = await sweep(runningOut, sql`status = ${CHALLENGE_STATUS.expired}, updated_at = ${at}`, async (tx, rows, names) => {
    await closeSlots(tx, rows.map((r) => Number(r.id)));
    for (const r of rows) {
      const both = await teamRecipients(tx, [r.challenger_team_id, r.challenged_team_id]);
      const mail = challengeExpiredMail({
        appUrl: env.APP_URL,
        timeZone: tz,
        challenger: names.get(r.challenger_team_id) ?? "A team",
        challenged: names.get(r.challenged_team_id) ?? "A team",
        window: r.play_by === null ? "answer" : "play",
        awaited: names.get(awaitedTeam(r)),
        challenge: { location: r.location, proposedDateTime: toDate(r.proposed_date_time), playBy: toDate(r.play_by) },
      });
      await tell(tx, { type: "challenge.expired", userIds: both.userIds, link: "/challenges?filter=past", mail: { to: both.emails, ...mail } });
    }
  });

  // 2. The answer reminder: the captain whose turn it is by mail (the challenged one, or the challenger
  // after a counter-proposal), that team in the app.
  const answerReminders = await sweep(
    sql`(c.status in (${PENDING}) and c.answer_reminded_at is null and c.answer_remind_at <= ${at} and c.accept_by > ${at})`,
    sql`answer_reminded_at = ${at}`,
    async (tx, rows, names) => {
      for (const r of rows) {
        const awaited = awaitedTeam(r);
        const from = awaited === Number(r.challenger_team_id) ? r.challenged_team_id : r.challenger_team_id;
        const team = await teamRecipients(tx, [awaited]);
        const mail = answerReminderMail({
          appUrl: env.APP_URL,
          timeZone: tz,
          fromTeam: names.get(from) ?? "A team",
          acceptBy: toDate(r.accept_by)!,
          challenge: { location: r.location, proposedDateTime: toDate(r.proposed_date_time) },
        });
        await tell(tx, { type: "challenge.reminder", userIds: team.userIds, link: "/challenges", mail: { to: await captainEmails(tx, [awaited]), ...mail } });
      }
    },
  );

  // 3. The report reminder: both captains by mail (either may report), all four players in the app.
  const resultReminders = await sweep(
    sql`(c.status in (${ACCEPTED}) and c.result_reminded_at is null and c.result_remind_at <= ${at} and c.play_by > ${at})`,
    sql`result_reminded_at = ${at}`,
    async (tx, rows, names) => {
      for (const r of rows) {
        const pair = [r.challenger_team_id, r.challenged_team_id];
        const both = await teamRecipients(tx, pair);
        const mail = resultReminderMail({
          appUrl: env.APP_URL,
          timeZone: tz,
          challenger: names.get(r.challenger_team_id) ?? "A team",
          challenged: names.get(r.challenged_team_id) ?? "A team",
          playBy: toDate(r.play_by)!,
          challenge: { location: r.location, proposedDateTime: toDate(r.proposed_date_time) },
        });
        await tell(tx, { type: "result.reminder", userIds: both.userIds, link: "/challenges", mail: { to: await captainEmails(tx, pair), ...mail } });
      }
    },
  );

  const result = { expired, answerReminders, resultReminders };
  if (expired + answerReminders + resultReminders > 0) opts.logger.info({ event: "challenge.clock_sweep", ...result }, "challenge clock sweep finished");
  return result;
}
