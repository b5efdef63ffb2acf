// Auto-confirmation of undisputed results past their approval deadline (docs/product.md, "Auto-confirmation"). Runs at
// start-up and every SWEEP_INTERVAL_SECONDS on every instance: each match is confirmed through
// confirmMatch (one conditional update), in small batches; a match whose teams or row another
// transaction holds right now is skipped (SKIP LOCKED) and picked up by that worker or the next run.
import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import { matches } from "@shared/schema";
import { CONFIRMATION_STATUS } from "@shared/constants";
import type { Db } from "../../db/client";
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
          lte(matches.approvalDeadline, sql`now()`),
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
