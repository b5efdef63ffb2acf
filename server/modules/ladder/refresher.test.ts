// When the stored ranks' refresher runs after its wakes (decisions 039 and 042): on PostgreSQL it
// holds a wake back and takes every wake of that moment along; on the embedded database it waits
// for a quiet moment, but never longer than EMBEDDED_QUIET_CAP_MS after the first wake.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../config/env";
import { systemClock } from "../../lib/clock";
import { createLogger } from "../../lib/logger";
import { QueueWorker } from "../../lib/queue-worker";
import type { Db } from "../../db/client";
import { EMBEDDED_QUIET_CAP_MS, LadderRanksRefresher } from "./refresher";

/** A refresher on `env` whose runs are only recorded (the time since the test began). */
function refresher(env: Pick<Env, "LADDER_REFRESH_DELAY_MS" | "embedded">) {
  const began = Date.now();
  const runs: number[] = [];
  vi.spyOn(QueueWorker.prototype, "wake").mockImplementation(() => void runs.push(Date.now() - began));
  const worker = new LadderRanksRefresher({ db: {} as Db, env: env as Env, clock: systemClock, logger: createLogger("silent") });
  /** Wakes it every `everyMs` for `forMs`, then lets `afterMs` pass. */
  const stream = (everyMs: number, forMs: number, afterMs = 0) => {
    for (let t = 0; t < forMs; t += everyMs) {
      worker.wake();
      vi.advanceTimersByTime(everyMs);
    }
    vi.advanceTimersByTime(afterMs);
  };
  return { worker, runs, stream };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LadderRanksRefresher's hold-back", () => {
  it("on PostgreSQL runs the delay after the first wake, taking the wakes meanwhile along", () => {
    const { runs, stream } = refresher({ LADDER_REFRESH_DELAY_MS: 250, embedded: false });
    stream(100, 1000, 1000);
    expect(runs).toEqual([250, 550, 850, 1150]);
  });

  it("on the embedded database runs after a quiet moment: one wake, the delay after it", () => {
    const { runs, stream } = refresher({ LADDER_REFRESH_DELAY_MS: 1000, embedded: true });
    stream(300, 900, 5000);
    expect(runs).toEqual([600 + 1000]);
  });

  it("on the embedded database, during a steady stream of wakes, runs at most the cap after the first wake it waited for", () => {
    const { runs, stream } = refresher({ LADDER_REFRESH_DELAY_MS: 1000, embedded: true });
    stream(200, 3 * EMBEDDED_QUIET_CAP_MS, 5000);
    expect(runs).toEqual([EMBEDDED_QUIET_CAP_MS, 2 * EMBEDDED_QUIET_CAP_MS, 3 * EMBEDDED_QUIET_CAP_MS]);
  });

  it("runs at once without a delay, and not at all once stopped", () => {
    const { worker, runs, stream } = refresher({ LADDER_REFRESH_DELAY_MS: 0, embedded: true });
    stream(100, 300);
    expect(runs).toEqual([0, 100, 200]);
    const held = refresher({ LADDER_REFRESH_DELAY_MS: 1000, embedded: true });
    held.worker.wake();
    held.worker.stop();
    vi.advanceTimersByTime(20_000);
    expect(held.runs).toEqual([]);
    worker.stop();
  });
});
