// The one way a queue table is worked off on every instance (docs/decisions/024-outbox-and-notifications.md):
// the mail outbox (server/mail/delivery.ts), the web-push queue
// (server/modules/notifications/push-delivery.ts) and the stored ladder ranks' marks
// (server/modules/ladder/refresher.ts, decision 039) each say how to drain what is due and when the
// next item comes due; this class decides when to run. A run starts at once when this process
// queues something, on its data changes for a few seconds after (the COMMIT of the transaction that
// queued it), when the next retry comes due (a timer set after each run), and when the jobs runner
// asks (deliverDue). One run at a time per worker; a wake during a run makes one more run after it.
// stop() lets the item being sent finish; idle() ends with the run in progress.
import type { DataChanges } from "../db/changes";
import type { Logger } from "./logger";

/**
 * "Something was queued in this process": the queue's writer calls notify() after its INSERT, the
 * queue's worker listens (QueueWorker.listen). One per queue table.
 */
export class QueueSignal {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` on each notify() until the returned function is called. */
  readonly on = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** How long this process's data changes wake the worker after it queued something (its COMMIT). */
const QUEUED_WINDOW_MS = 15_000;

export abstract class QueueWorker<R> {
  protected stopped = false;
  private running: Promise<R> | undefined;
  private again = false;
  private readonly unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private queuedUntil = 0;

  /** @param event the log event of a run that failed, e.g. "mail.delivery_failed". */
  constructor(
    protected readonly logger: Logger,
    private readonly event: string,
  ) {}

  /** A result with every count at 0. */
  protected abstract emptyResult(): R;
  /** Works off what is due now, batch after batch, counting into `total`; returns early once stopped. */
  protected abstract drain(total: R): Promise<void>;
  /** When the next queued item comes due (null: nothing queued). */
  protected abstract nextDueAt(): Promise<Date | null | undefined>;

  /**
   * Wakes on `onQueued` (this process queued something) and, for a moment after, on this process's
   * data changes, until stop(); start() after stop() resumes.
   */
  protected listen(queued: QueueSignal, changes?: DataChanges): this {
    this.stopped = false;
    this.unsubscribe.push(
      queued.on(() => {
        this.queuedUntil = Date.now() + QUEUED_WINDOW_MS;
        this.wake();
      }),
    );
    if (changes) this.unsubscribe.push(changes.onChange(() => Date.now() < this.queuedUntil && this.wake()));
    this.wake();
    return this;
  }

  /** No new run starts; a run in progress ends after the item it is sending (see idle()). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const u of this.unsubscribe.splice(0)) u();
  }

  /** Delivers soon; a wake during a run makes one more run after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.deliverDue().catch((err: Error) => this.logger.error({ event: this.event, err: err.message }, "delivery run failed"));
  }

  /** Delivers every item that is due now; one run at a time per worker. */
  deliverDue(): Promise<R> {
    if (this.running) {
      this.again = true;
      return this.running.then(() => this.deliverDue());
    }
    // The body starts on the next microtask, after `this.running` holds it: a run with nothing to do
    // (after stop()) would otherwise end before it is stored and stay "running" for ever, and idle()
    // would spin on it without end (a SIGTERM during a delivery hung the process: tests/security/faults.test.ts (h)).
    const run: Promise<R> = Promise.resolve().then(async () => {
      const total = this.emptyResult();
      try {
        do {
          this.again = false;
          if (!this.stopped) await this.drain(total);
        } while (this.again && !this.stopped);
      } finally {
        if (this.running === run) this.running = undefined;
      }
      void this.scheduleNext().catch(() => undefined);
      return total;
    });
    this.running = run;
    return run;
  }

  /** Ends when the current run (if any) has. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Wakes when the next queued item comes due (a retry, or a claim that runs out); at least 1 s from now. */
  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    const at = await this.nextDueAt();
    clearTimeout(this.timer);
    if (!at || this.stopped) return;
    const ms = Math.min(Math.max(new Date(at).getTime() - Date.now(), 1_000), 2 ** 31 - 1);
    this.timer = setTimeout(() => this.wake(), ms);
    this.timer.unref();
  }
}
