// `npm run bench:backup`: export and restore time and the server's peak memory for a generated club
// at 1× and 10× (1× = 500 teams / 50,000 matches, bench/seed-bulk.ts), on the production build.
// Each step runs on a fresh server process, so its peak RSS (VmHWM) is that step's own. While each
// runs, /api/health is polled every 100 ms and the slowest answer is reported (a freeze shows there).
// Last, a reset of the restored club (time and slowest health answer).
//   --scales 1,10   the sizes (default 1,10)
//   --pglite        the embedded database instead of PostgreSQL (BENCH_DATABASE_URL)
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrateDatabase, openDatabase } from "../server/db/client";
import { seedBulk } from "./seed-bulk";
import { benchServerEnv } from "./server-env";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const scales = (arg("scales") ?? "1,10").split(",").map(Number);
const onPglite = args.includes("--pglite");
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ADMIN = { username: "benchadmin", password: "BenchAdmin1" };
const log = (s: string) => process.stderr.write(`${s}\n`);

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let buf = "";
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}: ${buf.slice(-2000)}`)), timeoutMs);
    child.stdout?.on("data", (d: Buffer) => {
      buf += d.toString();
      if (pattern.test(buf)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", (d: Buffer) => (buf += d.toString()));
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${buf.slice(-2000)}`)));
  });
}

/** Peak resident memory of a process so far, in MB (Linux). */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

async function startServer(db: { url?: string; dataDir?: string }) {
  const port = 5900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, [path.join(root, "dist/server/index.js")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...benchServerEnv(port),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: "benchadmin@bench.test",
      BACKUP_MAX_MB: "4096",
      ...(db.url ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir!, DATABASE_URL: "" }),
    },
  });
  await waitForLine(child, /running at/);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { base, cookie, pid: child.pid!, stop };
}

/** Polls /api/health every 100 ms until stopped; returns the slowest answer in ms. */
function watchHealth(base: string) {
  let stop = false;
  let worst = 0;
  const done = (async () => {
    while (!stop) {
      const t0 = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer()).catch(() => undefined);
      worst = Math.max(worst, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stop = true;
    await done;
    return Math.round(worst);
  };
}

/** A POST through node:http (no 5-minute header timeout as with fetch). */
function post(url: string, cookie: string, file?: string): Promise<{ ok: boolean; status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie, "content-type": "application/json" };
    if (file) headers["content-length"] = String(fs.statSync(file).size);
    const req = http.request(url, { method: "POST", headers });
    req.on("response", (r) => {
      let text = "";
      r.on("data", (c: Buffer) => (text += c.toString()));
      r.on("end", () => resolve({ ok: r.statusCode === 200, status: r.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    if (file) fs.createReadStream(file).pipe(req);
    else req.end("{}");
  });
}

interface Result {
  scale: number;
  teams: number;
  matches: number;
  fileMb: number;
  exportS: number;
  exportPeakMb: number;
  exportHealthMaxMs: number;
  restoreS: number;
  restorePeakMb: number;
  restoreHealthMaxMs: number;
  resetS: number;
  resetHealthMaxMs: number;
  idlePeakMb: number;
}

async function benchScale(scale: number): Promise<Result> {
  let url: string | undefined;
  let dataDir: string | undefined;
  const dbName = `dl_bench_backup_${Date.now()}`;
  if (onPglite) dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-bench-backup-"));
  else {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir!, "pglite") });
  await migrateDatabase(database);
  const t0 = Date.now();
  const seeded = await seedBulk(database.db, { scale, pendingMatches: Math.min(20_000, 2_000 * scale), log });
  log(`scale ${scale}: seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await database.raw.query("vacuum analyze");
  await database.close();
  const file = path.join(os.tmpdir(), `dl-bench-backup-${process.pid}-${scale}.json`);
  const servers: { stop(): Promise<void> }[] = [];
  try {
    // Export, on a fresh server.
    let srv = await startServer({ url, dataDir });
    servers.push(srv);
    const idlePeakMb = peakRssMb(srv.pid);
    let health = watchHealth(srv.base);
    let t1 = performance.now();
    const res = await fetch(`${srv.base}/api/admin/export-full-backup`, { headers: { cookie: srv.cookie } });
    if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
    const exportS = (performance.now() - t1) / 1000;
    const exportHealthMaxMs = await health();
    const exportPeakMb = peakRssMb(srv.pid);
    await srv.stop();
    const fileMb = fs.statSync(file).size / 1024 / 1024;
    log(`scale ${scale}: export ${fileMb.toFixed(1)} MB in ${exportS.toFixed(1)} s, peak ${exportPeakMb} MB`);

    // Restore (overwrite) of that file, on a fresh server.
    srv = await startServer({ url, dataDir });
    servers.push(srv);
    health = watchHealth(srv.base);
    t1 = performance.now();
    // node:http, not fetch: a long restore must not hit fetch's 5-minute header timeout.
    const restore = await post(`${srv.base}/api/admin/import-backup?mode=overwrite`, srv.cookie, file);
    const restoreText = restore.text;
    const restoreS = (performance.now() - t1) / 1000;
    const restoreHealthMaxMs = await health();
    const restorePeakMb = peakRssMb(srv.pid);
    await srv.stop();
    if (!restore.ok) throw new Error(`restore failed: ${restore.status} ${restoreText.slice(0, 500)}`);
    log(`scale ${scale}: restore in ${restoreS.toFixed(1)} s, peak ${restorePeakMb} MB, health max ${restoreHealthMaxMs} ms`);

    // Reset of the restored club, on a fresh server.
    srv = await startServer({ url, dataDir });
    servers.push(srv);
    health = watchHealth(srv.base);
    t1 = performance.now();
    const reset = await post(`${srv.base}/api/admin/reset-data`, srv.cookie);
    const resetS = (performance.now() - t1) / 1000;
    const resetHealthMaxMs = await health();
    await srv.stop();
    if (!reset.ok) throw new Error(`reset failed: ${reset.status} ${reset.text.slice(0, 500)}`);
    log(`scale ${scale}: reset in ${resetS.toFixed(1)} s, health max ${resetHealthMaxMs} ms`);
    return {
      scale,
      teams: seeded.teamIds.length,
      matches: seeded.matchCount,
      fileMb: Math.round(fileMb * 10) / 10,
      exportS: Math.round(exportS * 10) / 10,
      exportPeakMb,
      exportHealthMaxMs,
      restoreS: Math.round(restoreS * 10) / 10,
      restorePeakMb,
      restoreHealthMaxMs,
      resetS: Math.round(resetS * 10) / 10,
      resetHealthMaxMs,
      idlePeakMb,
    };
  } finally {
    // A server left by a failed step is stopped too (stopping one twice is harmless).
    for (const s of servers) await s.stop();
    fs.rmSync(file, { force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (url) {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}

async function main() {
  execSync("node scripts/build-if-needed.mjs", { cwd: root, stdio: "inherit" });
  const results: Result[] = [];
  for (const scale of scales) results.push(await benchScale(scale));
  const db = onPglite ? "PGlite" : "PostgreSQL";
  console.log(`\nBackup on ${db} (server peak RSS; idle = after start and sign-in)`);
  console.log("| scale | teams | matches | file MB | export s | export peak MB | health max ms | restore s | restore peak MB | health max ms | reset s | health max ms | idle MB |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results)
    console.log(
      `| ${r.scale}× | ${r.teams} | ${r.matches} | ${r.fileMb} | ${r.exportS} | ${r.exportPeakMb} | ${r.exportHealthMaxMs} | ${r.restoreS} | ${r.restorePeakMb} | ${r.restoreHealthMaxMs} | ${r.resetS} | ${r.resetHealthMaxMs} | ${r.idlePeakMb} |`,
    );
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/results/backup-${onPglite ? "pglite" : "pg"}.json`), JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
