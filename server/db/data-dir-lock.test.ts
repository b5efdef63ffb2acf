// The embedded data directory's lock (server/db/data-dir-lock.ts): who counts as alive, what is
// stale, and that a takeover is noticed. The whole flow with real server processes is in
// tests/security/faults.test.ts (f).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { currentOwner, DataDirInUseError, judgeOwner, lockDataDir, processStartOf, type LockOwner } from "./data-dir-lock";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "dl-lock-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => path.join(root, `db${++n}`);
const writeLock = (dir: string, owner: LockOwner, ageMs = 0) => {
  fs.writeFileSync(`${dir}.lock`, JSON.stringify(owner));
  const t = new Date(Date.now() - ageMs);
  fs.utimesSync(`${dir}.lock`, t, t);
};

/** A process that runs until killed (its pid is alive and not ours). */
function sleeper() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120000)"], { stdio: "ignore" });
  return { pid: child.pid!, kill: () => new Promise<void>((r) => (child.once("exit", () => r()), child.kill("SIGKILL"))) };
}

describe("the data directory lock", () => {
  it("refuses a second holder while the first holds it, and is free again once released", async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, "utf8")).pid).toBe(process.pid);
    expect(fs.statSync(lock.file).mode & 0o777).toBe(0o600);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    (await lockDataDir(dir)).release();
  });

  it("refuses while another live process holds it, naming that process and the directory", async () => {
    const other = sleeper();
    try {
      const dir = freshDir();
      await new Promise((r) => setTimeout(r, 100));
      writeLock(dir, { ...currentOwner(), pid: other.pid, processStart: processStartOf(other.pid) });
      const err = await lockDataDir(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirInUseError);
      expect((err as Error).message).toContain(`in use by process ${other.pid} `);
      expect((err as Error).message).toContain(dir);
    } finally {
      await other.kill();
    }
  });

  it("takes over the lock of a process that is gone (kill -9), at once", async () => {
    const gone = sleeper();
    const start = processStartOf(gone.pid);
    await gone.kill();
    const dir = freshDir();
    writeLock(dir, { ...currentOwner(), pid: gone.pid, processStart: start });
    const lock = await lockDataDir(dir);
    expect(lock.tookOverFrom?.pid).toBe(gone.pid);
    lock.release();
  });

  it("tells a reused pid (alive, but started at another time) from the owner", () => {
    const me = currentOwner();
    if (!me.processStart) return; // no /proc: start times are not available here
    expect(judgeOwner({ ...me, pid: process.ppid, processStart: processStartOf(process.ppid) }, me)).toBe("alive");
    expect(judgeOwner({ ...me, pid: process.ppid, processStart: "1" }, me)).toBe("stale");
    // Our own pid from an earlier process (a restarted container reuses pid 1): not us.
    expect(judgeOwner({ ...me, token: "earlier", processStart: "1" }, me)).toBe("stale");
  });

  it("waits for an owner it cannot see (another host or pid namespace) while it refreshes the lock, then refuses", async () => {
    const dir = freshDir();
    const elsewhere = { ...currentOwner(), host: "another-host", pid: 1 };
    writeLock(dir, elsewhere);
    const refresh = setInterval(() => fs.utimesSync(`${dir}.lock`, new Date(), new Date()), 50);
    const waited: LockOwner[] = [];
    try {
      const err = await lockDataDir(dir, { staleMs: 400, heartbeatMs: 100, onWait: (o) => waited.push(o) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirInUseError);
      expect(waited.map((o) => o.host)).toEqual(["another-host"]);
    } finally {
      clearInterval(refresh);
    }
    // Once its refreshes stop for longer than staleMs, it is taken over.
    const t = new Date(Date.now() - 1_000);
    fs.utimesSync(`${dir}.lock`, t, t);
    const lock = await lockDataDir(dir, { staleMs: 400, heartbeatMs: 100 });
    expect(lock.tookOverFrom?.host).toBe("another-host");
    lock.release();
  });

  it("tells the holder when its lock was taken over (it was frozen past the stale time)", async () => {
    const dir = freshDir();
    const lost = new Promise<LockOwner | undefined>((resolve) => {
      void lockDataDir(dir, { heartbeatMs: 50, onLost: resolve }).then(() => {
        writeLock(dir, { ...currentOwner(), host: "usurper" });
      });
    });
    expect((await lost)?.host).toBe("usurper");
  });
});
