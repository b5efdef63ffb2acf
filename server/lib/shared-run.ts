// One run of a piece of work shared by every caller that asks for it at the same moment, with the
// guarantee a reader needs: the run a caller waits for starts after the caller asked. A caller that
// arrives while a run is going waits for the next one (queued once, for everyone who arrives during
// that run), since the run going may have read its data before what the caller saw. So a burst of N
// callers costs at most two runs, not N. Used by the stored ladder ranks' refresh-before-read
// (server/modules/ladder/stored-ranks.ts, decision 040): after a confirmation every open ladder
// refetches at once. (QueueWorker's "a wake during a run makes one more run after it" is the same
// rule for a background worker that nobody awaits.)

export class SharedRun<T = void> {
  private running: Promise<T> | undefined;
  /** The running one's work has not been called yet (it is, on the next microtask): callers join it. */
  private notBegun = false;
  private queued: Promise<T> | undefined;

  /** @param work one run; its result (or failure) is every waiting caller's. */
  constructor(private readonly work: () => Promise<T>) {}

  /** Ends when a run whose work was called after this call has ended, with that run's result. */
  run(): Promise<T> {
    if (!this.running) return this.start();
    if (this.notBegun) return this.running;
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    return this.queued;
  }

  /** Whether a run is going (or about to begin). */
  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /**
   * Settles (with nothing, whatever its outcome) when the run going now ends; undefined when none is
   * going. For a caller that can tell afterwards whether that run did what it needed (the stored
   * ranks: whether the marks it saw are gone) before asking for a run of its own.
   */
  runningEnds(): Promise<void> | undefined {
    return this.running?.then(
      () => undefined,
      () => undefined,
    );
  }

  private start(): Promise<T> {
    // The work starts on the next microtask, after `running` holds it (see QueueWorker.deliverDue).
    this.notBegun = true;
    const run: Promise<T> = Promise.resolve()
      .then(() => {
        this.notBegun = false;
        return this.work();
      })
      .finally(() => {
        if (this.running === run) this.running = undefined;
      });
    this.running = run;
    return run;
  }
}
