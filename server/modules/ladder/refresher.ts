// The refresher of the stored ladder ranks (decision 039), on every instance: writers of ladder
// inputs only mark the ranks behind in their transaction (markLadderRanksChanged, stored-ranks.ts);
// this worker refreshes them after the commit, one run at a time, so confirmations that land
// together share one refresh and no writer holds the refresh's lock or pays its cost.
//
// When (server/lib/queue-worker.ts, as the mail and push workers): woken by the mark's signal, and
// by this process's data changes for a moment after (the mark's COMMIT: the signal comes before
// it); a wake during a run makes one more run after it. After a run that leaves a mark (committed
// by another instance, or while it ran), it runs again a second later. A run does nothing but one
// check when the ranks are current. A read that finds a mark before this has run starts the
// refresh itself (and waits for it only for the reader's own marks, or when it decides something:
// decision 045), and the "ladder-ranks" job catches anything missed.
//
// LADDER_REFRESH_DELAY_MS holds each wake back (1000 ms on the embedded database, 250 ms on
// PostgreSQL): a burst of confirmations shares one refresh, and on PGlite (one connection) fewer
// refreshes compete with the requests for that connection. Measured in
// docs/decisions/039-ladder-ranks-refreshed-after-commit.md. On the embedded database (decision
// 042) the run waits for a quiet moment instead: each wake moves it to the delay after itself, but
// never past EMBEDDED_QUIET_CAP_MS after the first wake it waits for. A
// refresh holds PGlite's one connection for 10-25 ms; during a steady stream of confirmations a
// refresh a second was what the slowest of them waited for, while the readers in the stream
// start the refresh themselves.
import type { Db } from "../../db/client";
import type { DataChanges } from "../../db/changes";
import type { Env } from "../../config/env";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import { QueueWorker } from "../../lib/queue-worker";
import { ladderRanksMarked, ladderRanksMarkedBehind, sweepLadderRanks } from "./stored-ranks";

export interface RefreshResult {
  /** Runs that refreshed the stored ranks (the others found them current). */
  refreshed: number;
}

export interface LadderRanksRefresherOptions {
  db: Db;
  env: Env;
  clock: Clock;
  logger: Logger;
}

/** On the embedded database, the longest a refresh waits for a quiet moment (decision 042). */
export const EMBEDDED_QUIET_CAP_MS = 10_000;

export class LadderRanksRefresher extends QueueWorker<RefreshResult> {
  private held: NodeJS.Timeout | undefined;
  /** When the first wake the held run waits for came (the quiet cap counts from it). */
  private heldSince = 0;

  constructor(private readonly options: LadderRanksRefresherOptions) {
    super(options.logger, "ladder.refresh_failed");
  }

  /** Wakes on the writers' marks (and this process's commits for a moment after) until stop(). */
  start(changes?: DataChanges): this {
    return this.listen(ladderRanksMarked, changes);
  }

  override wake(): void {
    const { LADDER_REFRESH_DELAY_MS: delay, embedded: waitsForQuiet } = this.options.env;
    if (delay <= 0) return super.wake();
    if (this.stopped) return;
    const now = Date.now();
    if (this.held) {
      // Already planned: this wake goes with that run, which on the embedded database waits for quiet.
      if (!waitsForQuiet) return;
      clearTimeout(this.held);
    } else {
      this.heldSince = now;
    }
    const runAt = waitsForQuiet ? Math.min(now + delay, this.heldSince + EMBEDDED_QUIET_CAP_MS) : now + delay;
    this.held = setTimeout(() => {
      this.held = undefined;
      super.wake();
    }, runAt - now);
    this.held.unref();
  }

  override stop(): void {
    clearTimeout(this.held);
    this.held = undefined;
    super.stop();
  }

  protected emptyResult(): RefreshResult {
    return { refreshed: 0 };
  }

  protected async drain(total: RefreshResult): Promise<void> {
    const { refreshed } = await sweepLadderRanks(this.options);
    if (refreshed) total.refreshed++;
  }

  /** A mark left after a run (committed during it, or by another instance): due now (the worker waits a second). */
  protected async nextDueAt(): Promise<Date | null> {
    return (await ladderRanksMarkedBehind(this.options.db)) ? new Date() : null;
  }
}
