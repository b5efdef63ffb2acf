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
import { execSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { migrateDatabase, openDatabase } from "../server/db/client";
import { seedBulk } from "./seed-bulk";
import { startBenchServer } from "./server-env";
import { createBenchDatabase, removeBenchDatabase } from "./database";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const scales = (arg("scales") ?? "1,10").split(",").map(Number);
const onPglite = args.includes("--pglite");
const ADMIN = { username: "benchadmin", password: "BenchAdmin1" };
const log = (s: string) => process.stderr.write(`${s}\n`);


/** Peak resident memory of a process so far, in MB (Linux). */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

function startServer(db: { url?: string; dataDir?: string }) {
  return startBenchServer({
    ports: { from: 5900, span: 90 },
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: "benchadmin@bench.test",
      BACKUP_MAX_MB: "4096",
      ...(db.url ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir!, DATABASE_URL: "" }),
    },
    credentials: ADMIN,
    startTimeoutMs: 120_000,
  });
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
  const bench = await createBenchDatabase({ pglite: onPglite, prefix: "dl_bench_backup" });
  const { url, dataDir } = bench;
  const database = await openDatabase(bench.open);
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
    await removeBenchDatabase(bench);
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
