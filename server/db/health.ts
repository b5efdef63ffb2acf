// Whether the database takes writes, as the app has seen it. A full disk (53100), an exhausted
// resource or a read-only server still answer `select 1`, so a ping alone says "ready" while
// every write fails: readiness (GET /api/ready) also fails while writes are being refused.
//
// A refusal is noted by the error handler when a request fails for one of those causes
// (server/db/errors.ts); it is cleared by the next write that succeeds (a mutating request that
// answers below 400), or forgotten REFUSAL_MEMORY_MS after the last refusal, so an instance that a
// load balancer took out of rotation (and so sees no writes) is tried again.
import { databaseUnavailable, type Unavailable } from "./errors";

export const REFUSAL_MEMORY_MS = 60_000;

export interface WriteRefusal {
  reason: Unavailable["reason"];
  code: string | undefined;
  /** When the last refusal was seen (ms since the epoch). */
  at: number;
  /** Refusals since the last successful write. */
  count: number;
}

export class DatabaseHealth {
  private refusal: WriteRefusal | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Notes an error of a request or a job; returns its classification (undefined: not the database's state). */
  noteError(err: unknown): Unavailable | undefined {
    const unavailable = databaseUnavailable(err);
    if (unavailable && unavailable.reason !== "unreachable") {
      this.refusal = { reason: unavailable.reason, code: unavailable.code, at: this.now(), count: (this.refusal?.count ?? 0) + 1 };
    }
    return unavailable;
  }

  /** A write went through: the database takes writes again. */
  noteWrite(): void {
    this.refusal = undefined;
  }

  /** The current refusal, if writes are being refused. */
  get writesRefused(): WriteRefusal | undefined {
    if (this.refusal && this.now() - this.refusal.at > REFUSAL_MEMORY_MS) this.refusal = undefined;
    return this.refusal;
  }
}

/** createApp keeps the database's health in app.locals, where the error handler and the request logger find it. */
export const HEALTH_LOCAL = "databaseHealth";
export function healthOf(app: { locals: Record<string, unknown> } | undefined): DatabaseHealth | undefined {
  const health = app?.locals[HEALTH_LOCAL];
  return health instanceof DatabaseHealth ? health : undefined;
}
