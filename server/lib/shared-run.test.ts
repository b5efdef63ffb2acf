// SharedRun: callers at the same moment share a run; one arriving during a run waits for the next,
// which starts after it asked; a failure reaches the callers of that run only.
import { describe, expect, it } from "vitest";
import { SharedRun } from "./shared-run";

/** A work whose runs end when the test says, recording when each started. */
function controlled() {
  const started: number[] = [];
  const ends: (() => void)[] = [];
  const fails: ((e: Error) => void)[] = [];
  let clock = 0;
  const work = () =>
    new Promise<void>((resolve, reject) => {
      started.push(clock);
      ends.push(resolve);
      fails.push(reject);
    });
  return { started, ends, fails, tick: () => clock++, work };
}
const settle = () => new Promise((r) => setImmediate(r));

describe("SharedRun", () => {
  it("runs once for callers that ask together, and once more for all who ask during that run", async () => {
    const c = controlled();
    const shared = new SharedRun(c.work);
    const first = [shared.run(), shared.run(), shared.run()];
    await settle();
    expect(c.started).toEqual([0]);
    c.tick();
    // Asked during the first run: not served by it (it may have read before they asked).
    let laterDone = 0;
    const later = [shared.run(), shared.run()].map((p) => p.then(() => laterDone++));
    c.ends[0]!();
    await Promise.all(first);
    await settle();
    expect(laterDone).toBe(0);
    expect(c.started).toEqual([0, 1]);
    c.ends[1]!();
    await Promise.all(later);
    expect(laterDone).toBe(2);
    // Idle again: the next caller starts a run of its own at once.
    const again = shared.run();
    await settle();
    expect(c.started).toHaveLength(3);
    c.ends[2]!();
    await again;
  });

  it("gives a run's failure to its callers only; the next run is tried afresh", async () => {
    const c = controlled();
    const shared = new SharedRun(c.work);
    const failing = shared.run();
    await settle();
    const next = shared.run();
    c.fails[0]!(new Error("deadlock"));
    await expect(failing).rejects.toThrow("deadlock");
    await settle();
    expect(c.started).toHaveLength(2);
    c.ends[1]!();
    await expect(next).resolves.toBeUndefined();
  });

  it("tells whether a run is going and lets a caller wait for it (none going: nothing to wait for)", async () => {
    const c = controlled();
    const shared = new SharedRun(c.work);
    expect(shared.runningEnds()).toBeUndefined();
    expect(shared.isRunning).toBe(false);
    const first = shared.run();
    expect(shared.isRunning).toBe(true);
    await settle();
    let ended = false;
    const waiting = shared.runningEnds()!.then(() => (ended = true));
    await settle();
    expect(ended).toBe(false);
    c.fails[0]!(new Error("deadlock"));
    await expect(first).rejects.toThrow("deadlock");
    await waiting; // settles on a failure too, and starts no run
    expect(c.started).toHaveLength(1);
    expect(shared.runningEnds()).toBeUndefined();
    expect(shared.isRunning).toBe(false);
  });
});
