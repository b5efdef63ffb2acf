// A long transaction on the embedded database (PGlite has one connection) holds that connection
// until it ends: a restore's writing phase, a reset, a purge, a rating-model switch. Every other request would wait for it, for
// seconds to minutes, with nothing on the screen. Instead, while such a transaction runs, the API
// answers at once with 503, a message and Retry-After (server/middleware/exclusive-use.ts), and
// readiness fails; /api/health and the admin panel's progress poll still answer.
// On PostgreSQL other requests read the data as it was until the transaction commits, so nothing is
// refused there. docs/decisions/012-backups-restore-and-schedule.md.

export class ExclusiveUse {
  private what: string | undefined;

  /** @param refuses whether other requests are refused while `run` holds the database (PGlite). */
  constructor(private readonly refuses: boolean) {}

  /** What holds the database now ("restored", "reset"), if other requests are being refused. */
  get current(): string | undefined {
    return this.what;
  }

  /** Runs fn, the one long transaction of the moment; `what` completes "The club's data is being …". */
  async run<T>(what: string, fn: () => Promise<T>): Promise<T> {
    if (!this.refuses) return fn();
    this.what = what;
    try {
      return await fn();
    } finally {
      this.what = undefined;
    }
  }
}

export const exclusiveUseMessage = (what: string) => `The club's data is being ${what}. Please try again in a minute.`;
