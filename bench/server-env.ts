// The production server every benchmark starts (bench/run.ts, bench/backup.ts): its environment
// (production mode on one local port, quiet logs, no periodic jobs and no rate limits in the way of
// the load; each caller adds its database and its own switches), its start and the signed-in cookie.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Resolves with the first match of `pattern` in what the child has written so far (`output()`,
 * looked at every 50 ms); fails if the child exits first or it takes too long.
 */
function waitForOutput(child: ChildProcess, output: () => string, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  const tail = () => output().slice(-2000);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const m = output().match(pattern);
      if (m) done(() => resolve(m));
      else if (Date.now() - started > timeoutMs) done(() => reject(new Error(`timed out waiting for ${pattern}: ${tail()}`)));
    }, 50);
    const onExit = (code: number | null) => done(() => reject(new Error(`process exited (${code}): ${tail()}`)));
    const done = (settle: () => void) => {
      clearInterval(poll);
      child.off("exit", onExit);
      settle();
    };
    child.on("exit", onExit);
  });
}

/** waitForOutput for a child whose stdout and stderr are pipes. */
export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  let buf = "";
  const collect = (d: Buffer) => (buf += d.toString());
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return waitForOutput(child, () => buf, pattern, timeoutMs);
}

export interface BenchServer {
  base: string;
  /** What a signed-in browser sends as Cookie. */
  cookie: string;
  pid: number;
  /** Stops the server (a server that already exited is simply done). */
  stop: () => Promise<void>;
}

/**
 * Starts the built server (dist/server/index.js of this checkout, or of `buildDir`: another
 * checkout's build, for bench --against) on a random port of [from, from + span) and signs in.
 */
export async function startBenchServer(o: {
  buildDir?: string;
  ports: { from: number; span: number };
  env: Record<string, string>;
  credentials: { username: string; password: string };
  startTimeoutMs?: number;
  /** Node options for the server process, e.g. `--cpu-prof --cpu-prof-dir=DIR` (bench --cpu-prof). */
  nodeArgs?: string[];
}): Promise<BenchServer> {
  const port = o.ports.from + Math.floor(Math.random() * o.ports.span);
  const dir = o.buildDir ?? root;
  // The server's output goes to a file, not a pipe: without SMTP_URL every mail is printed (a
  // confirmation queues some), Node writes to a pipe synchronously, and the bench process reading it is
  // the one busy driving the load; it also no longer keeps all that output in memory. (Measured:
  // no change in the confirm rows; their profile's write time is the pg client's, to PostgreSQL.)
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dl-bench-log-")), "server.log");
  const out = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), path.join(dir, "dist/server/index.js")], {
    cwd: dir,
    stdio: ["ignore", out, out],
    env: { ...benchServerEnv(port), ...o.env },
  });
  fs.closeSync(out);
  await waitForOutput(child, () => fs.readFileSync(logFile, "utf8"), /running at/, o.startTimeoutMs);
  const base = `http://127.0.0.1:${port}`;
  const cookie = await signInCookie(base, o.credentials);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    }).then(() => fs.rmSync(path.dirname(logFile), { recursive: true, force: true }));
  return { base, cookie, pid: child.pid!, stop };
}
export function benchServerEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${port}`,
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-123",
    LOG_LEVEL: "warn",
    SWEEP_INTERVAL_SECONDS: "0",
    // No scheduled backup: on a fresh database the server would write one at start-up (a full export
    // of the seeded club, 50 MB at 1x) while the first endpoints are measured, and leave it in ./data.
    BACKUP_SCHEDULE: "off",
    AUTH_RATE_LIMIT_MAX: "100000",
  };
}

/**
 * Signs in on a benchmark server and returns the Cookie header a browser would send afterwards:
 * every cookie the sign-in set (the session and the signed-in marker), not just the first. Fails
 * unless that cookie is signed in, so a benchmark never measures refusals.
 */
export async function signInCookie(base: string, credentials: { username: string; password: string }): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = await fetch(`${base}/api/user`, { headers: { cookie } });
  if (!me.ok) throw new Error(`bench sign-in: the session cookie is refused (${me.status} ${await me.text()})`);
  return cookie;
}
