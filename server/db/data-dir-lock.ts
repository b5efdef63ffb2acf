// One process at a time on an embedded database directory. PGlite runs PostgreSQL in this process
// with no postmaster to arbitrate: two processes on one directory each write its files as if alone,
// and the data is silently corrupted (rows written by one vanish; users point at teams that do not
// exist). So whoever opens the directory (the server, `npm run db:migrate`, `npm run seed`, the
// benchmark) first takes `<dir>.lock`, and holds it for the life of the database handle.
//
// The lock file is created exclusively (O_EXCL) and holds its owner: pid, host, the machine's boot
// id, the pid namespace and the process's start time (Linux), and a random token. Another process
// finding it decides whether the owner is alive:
//  - same machine and pid namespace (it can see the owner's process): alive when that pid exists and
//    started when the lock says (a pid reused after a `kill -9` and a reboot or wrap-around is not
//    the owner); a dead owner's lock is stale and taken over at once;
//  - otherwise (another container or host sharing the directory: its pid means nothing here): alive
//    while the owner keeps refreshing the file (every HEARTBEAT_MS); the newcomer waits up to
//    STALE_MS for the refreshes to stop, then takes it over, or refuses to start.
// A holder that finds its lock taken over (it was frozen longer than STALE_MS) is told (onLost) and
// must stop writing. Tested in server/db/data-dir-lock.test.ts and tests/security/faults.test.ts (f).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { StartupError } from "../config/data-dir";

export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;

export interface LockOwner {
  pid: number;
  host: string;
  /** /proc/sys/kernel/random/boot_id: the same machine, the same boot. */
  bootId: string | undefined;
  /** /proc/self/ns/pid: pids are only comparable inside one namespace. */
  pidNamespace: string | undefined;
  /** Field 22 of /proc/<pid>/stat (clock ticks since boot): tells a reused pid apart. */
  processStart: string | undefined;
  startedAt: string;
  token: string;
}

export class DataDirInUseError extends StartupError {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner | undefined,
  ) {
    const who = owner ? `process ${owner.pid} on ${owner.host}, started ${owner.startedAt}` : "another process";
    super(
      `The embedded database in ${dir} is in use by ${who}.\n` +
        "Two processes on one embedded database corrupt it. Stop the other one first, or give this one its own DATA_DIR " +
        "(or use PostgreSQL with DATABASE_URL, which any number of instances can share).",
    );
    this.name = "DataDirInUseError";
  }
}

export interface DataDirLock {
  file: string;
  /** The owner whose stale lock was taken over, if there was one. */
  tookOverFrom: LockOwner | undefined;
  release(): void;
}

export interface LockOptions {
  staleMs?: number;
  heartbeatMs?: number;
  /** The lock was taken over by another process (this one was frozen past staleMs): stop writing. */
  onLost?: (by: LockOwner | undefined) => void;
  /** Told while waiting for an owner this process cannot see to stop refreshing its lock. */
  onWait?: (owner: LockOwner) => void;
}

const read = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
};

export function processStartOf(pid: number): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

function pidNamespace(): string | undefined {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
}

export function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    host: os.hostname(),
    bootId: read("/proc/sys/kernel/random/boot_id"),
    pidNamespace: pidNamespace(),
    processStart: processStartOf(process.pid),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    token: crypto.randomBytes(12).toString("hex"),
  };
}

function parseOwner(text: string | undefined): LockOwner | undefined {
  if (!text) return undefined;
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    return typeof o.pid === "number" && typeof o.token === "string" ? (o as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

type Verdict = "alive" | "stale" | "unknown";

/** Whether the lock's owner is alive, as far as this process can see. */
export function judgeOwner(owner: LockOwner | undefined, me: LockOwner): Verdict {
  // An unreadable or half-written lock: its writer is between open and write, or died there.
  if (!owner) return "unknown";
  const sameView = owner.host === me.host && owner.bootId === me.bootId && owner.pidNamespace === me.pidNamespace;
  if (!sameView) return "unknown";
  if (owner.pid === me.pid) return owner.processStart === me.processStart && owner.processStart !== undefined ? "alive" : "stale";
  if (!pidAlive(owner.pid)) return "stale";
  if (owner.processStart !== undefined && processStartOf(owner.pid) !== undefined && processStartOf(owner.pid) !== owner.processStart) return "stale";
  return "alive";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes `<dir>.lock` or throws DataDirInUseError. */
export async function lockDataDir(dir: string, options: LockOptions = {}): Promise<DataDirLock> {
  const staleMs = options.staleMs ?? STALE_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const file = `${dir}.lock`;
  const guard = `${file}.takeover`;
  const me = currentOwner();
  const text = JSON.stringify(me, null, 2) + "\n";
  let tookOverFrom: LockOwner | undefined;
  const waitUntil = Date.now() + staleMs + heartbeatMs;
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, text, { flag: "wx", mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const seen = read(file);
    const owner = parseOwner(seen);
    let verdict = judgeOwner(owner, me);
    if (verdict === "unknown") {
      let age: number;
      try {
        age = Date.now() - fs.statSync(file).mtimeMs;
      } catch {
        continue; // gone meanwhile: try again
      }
      if (age > staleMs) verdict = "stale";
      else if (Date.now() < waitUntil) {
        if (owner && attempt === 0) options.onWait?.(owner);
        await sleep(Math.min(1_000, heartbeatMs));
        continue;
      } else throw new DataDirInUseError(dir, owner);
    }
    if (verdict === "alive") throw new DataDirInUseError(dir, owner);
    // Stale: one taker at a time (the guard), and only the very lock judged stale is removed.
    try {
      fs.writeFileSync(guard, String(process.pid), { flag: "wx", mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      // Another process is taking it over; a guard left by a taker that died is cleared after a while.
      try {
        if (Date.now() - fs.statSync(guard).mtimeMs > 10_000) fs.rmSync(guard, { force: true });
      } catch {
        // gone meanwhile
      }
      await sleep(50);
      continue;
    }
    try {
      if (read(file) === seen) {
        fs.rmSync(file, { force: true });
        tookOverFrom = owner;
      }
    } finally {
      fs.rmSync(guard, { force: true });
    }
  }

  let released = false;
  const ours = () => parseOwner(read(file))?.token === me.token;
  const heartbeat = setInterval(() => {
    if (ours()) {
      const now = new Date();
      try {
        fs.utimesSync(file, now, now);
      } catch {
        // the directory went away: the database will say so
      }
    } else {
      clearInterval(heartbeat);
      options.onLost?.(parseOwner(read(file)));
    }
  }, heartbeatMs);
  heartbeat.unref();
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.removeListener("exit", release);
    if (ours()) fs.rmSync(file, { force: true });
  };
  // A normal exit (process.exit included) removes it; after a kill -9 the next start finds it stale.
  process.on("exit", release);
  return { file, tookOverFrom, release };
}
