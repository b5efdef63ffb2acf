// Auto-confirmation of undisputed results past their approval deadline (docs/product.md, "Auto-confirmation"). Runs at
// start-up and every SWEEP_INTERVAL_SECONDS on every instance: each match is confirmed through
// confirmMatch (one conditional update), in small batches; a match whose teams or row another
// transaction holds right now is skipped (SKIP LOCKED) and picked up by that worker or the next run.
import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import { matches, sqlLiterals, teams, users } from "@shared/schema";
import { APPROVAL_REMINDER_HOURS, CONFIRMATION_STATUS } from "@shared/constants";
import type { Env } from "../../config/env";
import { tell } from "../notifications/notifications.service";
import { approvalReminderMail } from "./matches.emails";
import { rowsOf, type Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { confirmMatch } from "./confirm.service";

export interface SweepResult {
  confirmed: number;
  skipped: number;
}

export async function sweepOverdueMatches(opts: {
  db: Db;
  logger: Logger;
  /** APP_URL: the links of the mail telling both teams the result was auto-confirmed. */
  appUrl: string;
  /** The sweep's clock (default: now; tests drive time with it). */
  now?: Date;
  batchSize?: number;
  /** Upper bound of matches looked at in one run (the next run continues). */
  maxPerRun?: number;
}): Promise<SweepResult> {
  const batchSize = opts.batchSize ?? 20;
  const maxPerRun = opts.maxPerRun ?? 1000;
  const result: SweepResult = { confirmed: 0, skipped: 0 };
  let after: { deadline: Date; id: number } | undefined;
  let seen = 0;
  while (seen < maxPerRun) {
    const batch = await opts.db
      .select({ id: matches.id, deadline: matches.approvalDeadline })
      .from(matches)
      .where(
        and(
          eq(matches.confirmationStatus, CONFIRMATION_STATUS.pending),
          lte(matches.approvalDeadline, opts.now ?? sql`now()`),
          after
            ? or(
                gt(matches.approvalDeadline, after.deadline),
                and(eq(matches.approvalDeadline, after.deadline), gt(matches.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(matches.approvalDeadline), asc(matches.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const candidate of batch) {
      seen++;
      try {
        const done = await confirmMatch({
          db: opts.db,
          matchId: candidate.id,
          approvedBy: null,
          via: "sweep",
          lockMode: "skip",
          logger: opts.logger,
          appUrl: opts.appUrl,
        });
        if (done) result.confirmed++;
        else result.skipped++;
      } catch (err) {
        // Settled meanwhile by someone else (409) or gone (404): nothing to do.
        result.skipped++;
        opts.logger.debug({ event: "match.sweep_skip", matchId: candidate.id, err: (err as Error).message }, "sweep skipped a match");
      }
    }
    const last = batch[batch.length - 1]!;
    after = { deadline: last.deadline!, id: last.id };
    if (batch.length < batchSize) break;
  }
  if (result.confirmed > 0 || result.skipped > 0)
    opts.logger.info({ event: "match.sweep", ...result }, "approval sweep finished");
  return result;
}

/**
 * The approval reminder (docs/product.md, "The challenge clock"): APPROVAL_REMINDER_HOURS before a
 * pending result is auto-confirmed, the captain of the team that did not report it is mailed (the
 * team sees it in the app). Only when the window is longer than that (else the report's own mail is
 * the notice). Claimed with SKIP LOCKED and marked by a conditional UPDATE with its notification in one
 * transaction: once per result, however many sweeps run at once.
 */
export async function sweepApprovalReminders(opts: {
  db: Db;
  env: Pick<Env, "APP_URL" | "CLUB_TIMEZONE">;
  now?: Date;
  batchSize?: number;
  maxBatches?: number;
}): Promise<{ reminders: number }> {
  const now = opts.now ?? new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const batchSize = opts.batchSize ?? 50;
  const lead = sql`interval '${sql.raw(String(APPROVAL_REMINDER_HOURS))} hours'`;
  const due = sql`(m.confirmation_status in (${sqlLiterals([CONFIRMATION_STATUS.pending])}) and m.approval_reminded_at is null
    and m.approval_deadline - ${lead} <= ${at} and m.approval_deadline > ${at} and m.approval_deadline - ${lead} > m.created_at)`;
  let reminders = 0;
  for (let i = 0; i < (opts.maxBatches ?? 20); i++) {
    const n = await opts.db.transaction(async (tx) => {
      const res = await tx.execute<{ id: number; team1_id: number; team2_id: number; reported_by_team_id: number | null; approval_deadline: Date | string }>(sql`
        with claimed as (select m.id from ${matches} m where ${due} order by m.id limit ${batchSize} for update skip locked)
        update ${matches} m set approval_reminded_at = ${at} from claimed where m.id = claimed.id and ${due}
        returning m.id, m.team1_id, m.team2_id, m.reported_by_team_id, m.approval_deadline`);
      const rows = rowsOf<{ id: number; team1_id: number; team2_id: number; reported_by_team_id: number | null; approval_deadline: Date | string }>(res);
      for (const r of rows) {
        const reporter = r.reported_by_team_id === null ? null : Number(r.reported_by_team_id);
        const responsible = reporter === Number(r.team1_id) ? Number(r.team2_id) : Number(r.team1_id);
        const [reporting] = reporter === null ? [] : await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, reporter)).limit(1);
        const members = await tx.select({ id: users.id, email: users.email, isCaptain: users.isCaptain }).from(users).where(eq(users.teamId, responsible));
        const mail = approvalReminderMail({
          appUrl: opts.env.APP_URL,
          timeZone: opts.env.CLUB_TIMEZONE,
          reportingTeam: reporting?.name ?? "The other team",
          deadline: new Date(r.approval_deadline),
        });
        await tell(tx, {
          type: "approval.reminder",
          userIds: members.map((u) => u.id),
          link: "/challenges",
          mail: { to: members.filter((u) => u.isCaptain && u.email).map((u) => u.email), ...mail },
        });
      }
      return rows.length;
    });
    reminders += n;
    if (n < batchSize) break;
  }
  return { reminders };
}
