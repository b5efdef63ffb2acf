// `npm run bench`: seeds a realistic club into a fresh database, starts the production server,
// signs in, and drives each read path (and confirming) with autocannon for a fixed time; measures a
// bare Express route as the ceiling in the same run, and a second ceiling: a bare Express route that
// makes one trivial query (select 1) through a pg pool (or an in-memory PGlite): the price of one
// database round trip here. With the read cache on, the reads are measured again while
// confirmations go on at a steady 5/s and 50/s (the "mixed" rows, with the cache's hit rate read
// from /api/metrics). Prints one table and writes it as JSON.
//   --scale N        data × N (1 = 500 teams / 50,000 matches)
//   --pglite         run on the embedded database instead of PostgreSQL
//   --duration S     seconds per endpoint (default 10)
//   --connections C  concurrent connections (default 32)
//   --no-cache       run the server with READ_CACHE=off (every read goes to the database)
//   --no-mixed       skip the reads under confirmations (and so the server's metrics: compare runs
//                    with older builds this way, as recording metrics costs each request a little)
//   --live-only      only the live-updates row (1,000 event streams, confirmations reaching them)
//   --no-live        skip the live-updates row (as older builds' benches did: compare with them this way)
//   --only a,b       only the rows whose name contains one of these words (case-insensitive; the two
//                    ceilings always run, the live-updates row only with "live"), e.g.
//                    `--only ladder,history,awaiting`; the rows keep their names in the JSON
//   --ab [names]     A/B of the kept library patches (AB_PATCHES below; all when no names, or a
//                    comma list): per patch, two servers on the same data, A as shipped and B with
//                    the patch switched off, each endpoint of the patch's path measured A, B, A, B…
//                    (--rounds N, default 3); PostgreSQL only (two processes cannot share PGlite)
//   --cpu-prof DIR   write the measured server's CPU profile (.cpuprofile) into DIR when it stops
//                    (open it in Chrome's DevTools, Performance); e.g. `--only confirm --cpu-prof prof`
//   --against DIR    the same interleaved A/B, of this build (A) against the build in DIR (B: another
//                    checkout with its own `npm run build`, e.g. a worktree of an older commit), both
//                    on this run's data, on the cached reads both builds answer: "do the figures hold?"
//                    (with --no-cache: both servers with READ_CACHE=off; with --only: those reads)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { notifications, seasons, users } from "@shared/schema";
import type { EventType } from "@shared/constants";
import { migrateDatabase, openDatabase, type Db } from "../server/db/client";
import { loadEnv } from "../server/config/env";
import { systemClock } from "../server/lib/clock";
import { createLogger } from "../server/lib/logger";
import { sweepSeasons } from "../server/modules/seasons";
import { seedBulk, type BulkSeedResult } from "./seed-bulk";
import { startBenchServer, waitForLine } from "./server-env";
import { benchServerUrl, createBenchDatabase, removeBenchDatabase, type BenchDatabase } from "./database";
import { measureLiveStreams, type LiveStreamsResult } from "./live-streams";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const scale = opt("scale", 1);
const duration = opt("duration", 10);
const connections = opt("connections", 32);
const onPglite = flag("pglite");
const noCache = flag("no-cache");
const cpuProfIndex = args.indexOf("--cpu-prof");
const cpuProfDir = cpuProfIndex >= 0 ? args[cpuProfIndex + 1] : undefined;
const liveOnly = flag("live-only");
const noLive = flag("no-live");
const onlyIndex = args.indexOf("--only");
const only = onlyIndex < 0 ? undefined : (args[onlyIndex + 1] ?? "").split(",").map((w) => w.trim().toLowerCase()).filter(Boolean);
/** Whether a row is measured in this run (--only: its name contains one of the words). */
const wanted = (name: string) => only === undefined || only.some((w) => name.toLowerCase().includes(w));
/** The mixed rows need the read cache and its hit rate from /api/metrics (METRICS_TOKEN turns recording on). */
const mixedRows = !noCache && !flag("no-mixed");
/**
 * Changes to a library's ordinary use, kept because `--ab` measured them above 10 % on their path
 * (docs/performance.md, "Library patches, measured"): how to start a server without each, and the
 * read cache setting under which its path is measured. Add a patch here with its switch, or it
 * goes.
 */
const AB_PATCHES = {
  // server/db/prepared-reads.ts: speeds up what reaches the database, so measured without the cache.
  "pg-prepared": { off: { PREPARED_STATEMENTS: "off" }, cache: "off" },
  // server/lib/request-classes.ts: every request pays it, so measured with the cache (the shortest path).
  "stable-shapes": { off: { STABLE_REQUEST_SHAPES: "off" }, cache: "on" },
} as const satisfies Record<string, { off: Record<string, string>; cache: "on" | "off" }>;
type PatchName = keyof typeof AB_PATCHES;
const PATCHES = Object.keys(AB_PATCHES) as PatchName[];
const abIndex = args.indexOf("--ab");
const abNames = abIndex < 0 ? [] : args[abIndex + 1] && !args[abIndex + 1]!.startsWith("--") ? args[abIndex + 1]!.split(",") : [...PATCHES];
const rounds = opt("rounds", 3);
const againstIndex = args.indexOf("--against");
const againstDir = againstIndex < 0 ? undefined : path.resolve(args[againstIndex + 1] ?? ".");

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** % of the bare Express ceiling. */
  ratio: number;
  /** % of the database ceiling (one select 1 per request). */
  dbRatio: number;
  errors: number;
  non2xx: number;
}

/** A row as measured, before it is compared with the ceilings. */
type Measured = Omit<Row, "ratio" | "dbRatio">;

/** The bearer token the bench server's /api/metrics answers to (the mixed run reads the cache's hit rate). */
const METRICS_TOKEN = "bench-metrics-token-0123456789abcdef";


async function load(name: string, url: string, opts: Partial<autocannon.Options> = {}, warmUp = true): Promise<Measured & { total: number }> {
  // One unmeasured second first: the JIT and the caches warm up (what a running server has done).
  if (warmUp) await autocannon({ url, connections, ...opts, duration: 1 });
  const result = await autocannon({ url, connections, duration, ...opts });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc), or undefined when gone. */
function cpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100/s)
  } catch {
    return undefined;
  }
}

async function main() {
  const log = (s: string) => process.stdout.write(`[bench] ${s}\n`);
  log(`scale ${scale} (${500 * scale} teams, ${50_000 * scale} matches) on ${onPglite ? "PGlite" : "PostgreSQL"}, read cache ${noCache ? "off" : "on"}; ${duration}s × ${connections} connections per endpoint`);
  const { execSync } = await import("node:child_process");
  execSync("node scripts/build-if-needed.mjs", { cwd: root, stdio: "inherit" });

  // A fresh database.
  const bench = await createBenchDatabase({ pglite: onPglite, prefix: "dl_bench" });
  const { url: databaseUrl, dataDir } = bench;
  const database = await openDatabase(bench.open);
  await migrateDatabase(database);
  const t0 = Date.now();
  const seeded = await seedBulk(database.db, { scale, pendingMatches: 20_000, log });
  await seedArchiveAndNotifications(database.db, log);
  log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Settle the database first, so autovacuum and a checkpoint of the bulk load do not run during
  // (and take CPU from) the measured runs.
  await database.raw.query("vacuum analyze");
  await database.raw.query("checkpoint");
  await database.close();

  const ceiling = spawn(process.execPath, [path.join(root, "bench/ceiling.mjs")], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CEILING_DATABASE_URL: databaseUrl ?? "" },
  });
  const ceilingPort = Number((await waitForLine(ceiling, /LISTENING (\d+)/))[1]);

  /** The production server on the seeded data, signed in as a captain. */
  const startAppServer = (extraEnv: Record<string, string>, buildDir = root) =>
    startBenchServer({
      buildDir,
      ports: { from: 5600, span: 300 },
      ...(cpuProfDir ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.resolve(cpuProfDir)}`] } : {}),
      env: {
        READ_CACHE: noCache ? "off" : "on",
        ...(mixedRows ? { METRICS_TOKEN } : {}),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl, DB_POOL_MAX: "20" } : { DATA_DIR: dataDir!, DATABASE_URL: "" }),
        ...extraEnv,
      },
      credentials: { username: seeded.captainUsernames[0]!, password: seeded.password },
    });

  if (abNames.length > 0 || againstDir) {
    if (!databaseUrl) throw new Error("--ab and --against need PostgreSQL: two servers cannot share one embedded database");
    const plans = againstDir
      ? [buildPlan(againstDir, seeded)]
      : abNames.map((name) => {
          if (!PATCHES.includes(name as PatchName)) throw new Error(`unknown patch ${name}: one of ${PATCHES.join(", ")}`);
          return abPlan(name as PatchName, seeded);
        });
    await runAb(plans, (env, buildDir) => startAppServer(env, buildDir), log);
    ceiling.kill("SIGTERM");
    await dropBenchDatabase(bench);
    return;
  }

  const server = await startAppServer({});
  const { base, cookie } = server;
  // What a browser sends with every request: its session cookie and the encodings it accepts.
  const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
  const viewToken = seeded.confirmTokens.pop()!;

  const rows: Measured[] = [];
  // Live updates first, on a quiet server: 1,000 streams, and confirmations reaching all of them.
  const live: LiveStreamsResult | null = noLive || !(liveOnly || wanted("live updates")) ? null : await measureLiveStreams({
    base,
    pid: server.pid,
    usernames: seeded.captainUsernames,
    password: seeded.password,
    tokens: seeded.confirmTokens,
    log,
  }).catch(async (err: unknown) => {
    await server.stop();
    ceiling.kill("SIGTERM");
    await dropBenchDatabase(bench);
    throw err;
  });
  if (liveOnly) {
    await server.stop();
    ceiling.kill("SIGTERM");
    await dropBenchDatabase(bench);
    if (live) printLive(live);
    return;
  }
  rows.push(await load("ceiling: bare Express JSON", `http://127.0.0.1:${ceilingPort}/json`));
  rows.push(await load(`ceiling: select 1 (${onPglite ? "PGlite" : "pg pool"})`, `http://127.0.0.1:${ceilingPort}/db`));
  const archived = await firstArchivedSeason(base, headers);
  const reads = benchReads(seeded, archived).filter(([name]) => wanted(name));
  for (const [name, p] of reads) {
    log(name);
    rows.push(await load(name, base + p, { headers }));
  }
  // The same reads while results are being confirmed at a steady rate (each write empties the
  // cache): what a busy evening does to it. Not with --no-cache (nothing to empty).
  const tokens = [...seeded.confirmTokens];
  const mixed: MixedRate[] = [];
  if (mixedRows) {
    for (const rate of MIXED_RATES) {
      const before = await cacheAnswers(base);
      const writes = { confirmed: 0, failed: 0 };
      for (const [name, p] of reads) {
        log(`mixed ${rate}/s: ${name}`);
        const [row] = await Promise.all([
          load(`mixed ${rate}/s: ${name}`, base + p, { headers }, false),
          confirmAtRate(base, tokens, rate, duration).then((w) => {
            writes.confirmed += w.confirmed;
            writes.failed += w.failed;
          }),
        ]);
        rows.push(row);
      }
      const after = await cacheAnswers(base);
      const hit = after.hit - before.hit;
      const miss = after.miss - before.miss;
      mixed.push({ rate, ...writes, hits: hit, misses: miss, hitRatePercent: Math.round((hit / Math.max(1, hit + miss)) * 1000) / 10 });
    }
  }
  if (wanted("token view GET /api/matches/token/:t")) {
    log("token view");
    rows.push(await load("token view GET /api/matches/token/:t", `${base}/api/matches/token/${viewToken}`));
  }

  // The signed-in captain's calendar feed, as calendar apps poll it: a full answer, and a
  // revalidation (If-None-Match → 304); both from memory while nothing changes (decision 029).
  const feedRows = ["calendar feed GET /api/calendar/:t.ics", "calendar feed 304 (If-None-Match)"] as const;
  if (feedRows.some(wanted)) {
    log("calendar feed");
    const feedLink = await fetch(`${base}/api/calendar-feed`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: "{}" });
    if (!feedLink.ok) throw new Error(`bench calendar feed failed: ${feedLink.status} ${await feedLink.text()}`);
    const feedPath = new URL(((await feedLink.json()) as { url: string }).url).pathname;
    const etag = (await fetch(base + feedPath)).headers.get("etag") ?? "";
    if (wanted(feedRows[0])) rows.push(await load(feedRows[0], base + feedPath));
    if (wanted(feedRows[1])) rows.push(await load(feedRows[1], base + feedPath, { headers: { "if-none-match": etag } }));
  }

  // Each confirmation uses a fresh token (20,000 seeded: enough for the mixed runs and both of
  // these), once one at a time (the latency of a confirmation) and once at the run's concurrency.
  for (const c of [1, connections]) {
    if (!wanted(`confirm POST /api/matches/confirm/:t (${c} conn)`)) continue;
    log(`confirming matches, ${c} connection${c === 1 ? "" : "s"}`);
    rows.push(
      await load(`confirm POST /api/matches/confirm/:t (${c} conn)`, `${base}/api/matches/confirm/x`, {
        connections: c,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
        requests: [{ setupRequest: (req) => ({ ...req, path: `/api/matches/confirm/${tokens.pop() ?? "none"}` }) }],
      }),
    );
  }

  await server.stop();
  ceiling.kill("SIGTERM");
  await dropBenchDatabase(bench);

  const ceilingRps = rows[0]!.rps || 1;
  const dbCeilingRps = rows[1]!.rps || 1;
  const percent = (x: number, of: number) => Math.round((x / of) * 1000) / 10;
  const table: Row[] = rows.map((r) => ({ ...r, ratio: percent(r.rps, ceilingRps), dbRatio: percent(r.rps, dbCeilingRps) }));
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  process.stdout.write(
    `\n${"endpoint".padEnd(52)} ${pad("req/s", 8)} ${pad("p50 ms", 7)} ${pad("p99 ms", 7)} ${pad("% ceil", 7)} ${pad("% db", 7)} ${pad("errors", 7)} ${pad("non2xx", 7)}\n`,
  );
  for (const r of table)
    process.stdout.write(`${r.name.padEnd(52)} ${pad(r.rps, 8)} ${pad(r.p50, 7)} ${pad(r.p99, 7)} ${pad(r.ratio, 7)} ${pad(r.dbRatio, 7)} ${pad(r.errors, 7)} ${pad(r.non2xx, 7)}\n`);
  for (const m of mixed)
    process.stdout.write(`mixed ${m.rate}/s: ${m.confirmed} confirmed (${m.failed} failed) during the reads; read cache ${m.hits} hits, ${m.misses} misses: ${m.hitRatePercent} % hit rate\n`);
  if (live) printLive(live);
  const out = path.join(root, "bench/results");
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `bench-${onPglite ? "pglite" : "pg"}-x${scale}${noCache ? "-nocache" : ""}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ date: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version }, scale, database: onPglite ? "pglite" : "pg", readCache: !noCache, duration, connections, rows: table, mixed, liveUpdates: live }, null, 2),
  );
  log(`written ${path.relative(root, file)}`);
}

/** The steady confirmation rates of the mixed runs (per second). */
const MIXED_RATES = [5, 50] as const;

interface MixedRate {
  rate: number;
  confirmed: number;
  failed: number;
  hits: number;
  misses: number;
  hitRatePercent: number;
}

/** Confirms one pending result every 1/rate s for `seconds`, each with a fresh token. */
async function confirmAtRate(base: string, tokens: string[], rate: number, seconds: number): Promise<{ confirmed: number; failed: number }> {
  const result = await autocannon({
    url: `${base}/api/matches/confirm/x`,
    connections: Math.min(rate, 8),
    overallRate: rate,
    duration: seconds,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/matches/confirm/${tokens.pop() ?? "none"}` }) }],
  });
  return { confirmed: result["2xx"], failed: result.non2xx + result.errors + result.timeouts };
}

/** The read cache's answers so far, by outcome, from the server's /api/metrics. */
async function cacheAnswers(base: string): Promise<{ hit: number; miss: number }> {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`bench: /api/metrics answered ${res.status}`);
  const text = await res.text();
  const value = (outcome: string) => Number(new RegExp(`^dl_read_cache_answers_total\\{outcome="${outcome}"\\} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return { hit: value("hit"), miss: value("miss") };
}

/**
 * What the archive pages read: one closed season whose standings are frozen (every team, every
 * ladder, as the season close writes them), and 20 notifications per captain.
 */
async function seedArchiveAndNotifications(db: Db, log: (s: string) => void) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await db.insert(seasons).values({ name: "Bench season", firstDay: day(-400), lastDay: day(-40), startedAt: new Date(Date.now() - 400 * 86_400_000) });
  const env = loadEnv({ SESSION_SECRET: crypto.randomBytes(32).toString("hex"), DATABASE_URL: "postgres://bench.invalid/unused" });
  const closed = await sweepSeasons({ db, env, clock: systemClock, logger: createLogger("silent") });
  log(`season archive: ${closed.closed} closed`);
  await db.execute(sql`insert into ${notifications} (user_id, type, text, link, created_at)
    select u.id, ${"result.confirmed" satisfies EventType}, 'Your result against Bench Team ' || g || ' was confirmed.', '/history', now() - make_interval(hours => g)
    from ${users} u cross join generate_series(1, 20) g where u.username like 'bcap%'`);
}

/** The id of the closed season the archive rows read. */
async function firstArchivedSeason(base: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}/api/seasons`, { headers });
  const page = (await res.json()) as { items?: { id: number }[] };
  const id = page.items?.[0]?.id;
  if (!res.ok || id === undefined) throw new Error(`bench: no archived season (${res.status})`);
  return id;
}

/** The live-updates row: delivery of a confirmation to every open stream, and memory per stream. */
function printLive(live: LiveStreamsResult) {
  process.stdout.write(
    `\n${"live updates".padEnd(42)} ${"streams".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"max ms".padStart(7)} ${"missed".padStart(7)} ${"KiB/stream".padStart(10)}\n` +
      `${`confirmation → every stream (${live.confirmations}×)`.padEnd(42)} ${String(live.streams).padStart(8)} ${String(live.p50).padStart(7)} ${String(live.p99).padStart(7)} ${String(live.max).padStart(7)} ${String(live.missed).padStart(7)} ${String(live.kibPerStream).padStart(10)}\n` +
      `  (${live.samples} deliveries; the confirm itself answered in ${live.confirmAnswerP50} ms median, ${live.confirmAnswerNoStreamsP50} ms before the streams were opened; ` +
      `server RSS ${live.rssBeforeMiB} → ${live.rssAfterMiB} MiB with the streams open; load average ${live.loadAverage})\n`,
  );
}

/** Removes the run's database, after a moment for the stopped servers' connections to close. */
async function dropBenchDatabase(bench: BenchDatabase) {
  if (bench.url) await new Promise((r) => setTimeout(r, 500));
  await removeBenchDatabase(bench);
}

/**
 * Per patch: the paths it is meant to speed up. The per-request patches (headers, request logger,
 * session user) sit on every request: measured on cached reads, where they are the largest part of
 * the cost. Prepared statements speed up what reaches the database: measured with READ_CACHE=off.
 */
interface AbPlan {
  /** The patch, or "build" for --against. */
  name: string;
  cache: "on" | "off";
  /** B's environment on top of A's. */
  off: Record<string, string>;
  /** B's build (a checkout holding dist/), when B is another build. */
  buildDir?: string;
  paths: [string, string][];
}

function abPlan(patch: PatchName, seeded: BulkSeedResult): AbPlan {
  const measured = ["ladder GET /api/teams (page)", "team profile GET /api/teams/:id", "history page GET /api/matches/team/:id"];
  const paths: [string, string][] = [...benchReads(seeded).filter(([name]) => measured.includes(name)), SIGNED_IN_USER];
  // A renamed read would drop out of the A/B without a word: say so instead.
  if (paths.length !== measured.length + 1) throw new Error(`--ab: benchReads has no row named ${measured.filter((m) => !paths.some(([n]) => n === m)).join(", ")}`);
  return { name: patch, ...AB_PATCHES[patch], paths };
}

/** Who is signed in: the session and user alone, what every authenticated request pays first. */
const SIGNED_IN_USER: [string, string] = ["signed-in user", "/api/user"];

/**
 * --against: this build (A) and another (B) on the same data, cache on, over the cached reads an
 * older build answers too (no notifications or seasons: they came later) and the public token view.
 */
function buildPlan(buildDir: string, seeded: BulkSeedResult): AbPlan {
  const olderBuildsAnswer = benchReads(seeded).filter(([name]) => !name.startsWith("notifications"));
  const paths: [string, string][] = [...olderBuildsAnswer, SIGNED_IN_USER, ["token view", `/api/matches/token/${seeded.confirmTokens[0]!}`]];
  return { name: "build", cache: noCache ? "off" : "on", off: {}, buildDir, paths: paths.filter(([name]) => wanted(name)) };
}

/**
 * The authenticated reads every run measures, by their row names (kept stable so runs compare):
 * what the screens ask for. Without `archived` (a closed season's id) the seasons rows are left out.
 */
function benchReads(seeded: BulkSeedResult, archived?: number): [string, string][] {
  const myTeam = seeded.teamIds[0]!;
  const otherTeam = seeded.teamIds[3]!;
  return [
    // What the ladder screen asks for: one page (50) of a surface's ladder, all or one category.
    ["ladder GET /api/teams (page)", "/api/teams?surface=grass&limit=50"],
    ["ladder one category", "/api/teams?competitionType=Men%27s+Doubles&surface=beach&limit=50"],
    ["team profile GET /api/teams/:id", `/api/teams/${otherTeam}`],
    ["history page GET /api/matches/team/:id", `/api/matches/team/${myTeam}?page=1&limit=5`],
    ["my history GET /api/matches/user", "/api/matches/user?page=1&limit=5"],
    ["incoming challenges", "/api/challenges/incoming"],
    ["outgoing challenges", "/api/challenges/outgoing"],
    ["awaiting approval", "/api/matches/awaiting-approval"],
    ["notifications GET /api/notifications", "/api/notifications?page=1&limit=20"],
    ...(archived === undefined
      ? []
      : ([
          ["seasons archive GET /api/seasons", "/api/seasons"],
          ["season standings (page)", `/api/seasons/${archived}/standings?ladder=overall&page=1&limit=50`],
        ] as [string, string][])),
  ];
}

interface AbServer {
  base: string;
  cookie: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The CPU a server and its PostgreSQL backends spend on a run, per request (ms): unlike requests per
 * second, barely moved by what else the (shared) machine runs meanwhile.
 */
async function cpuPerRequest(server: AbServer, run: () => Promise<{ total: number }>): Promise<{ total: number; cpuMsPerRequest: number }> {
  const backends = async () => {
    const c = new pg.Client({ connectionString: benchServerUrl });
    await c.connect();
    const res = await c.query<{ pid: number }>("select pid from pg_stat_activity where application_name = 'doubles-ladder' and client_port is not null");
    await c.end();
    return res.rows.map((r) => r.pid);
  };
  // The server's own connections: the backends whose client is this server's process are not
  // tellable from pg_stat_activity alone, so every app backend is counted (the other server idles).
  const before = new Map<number, number>();
  for (const pid of [server.pid, ...(await backends())]) before.set(pid, cpuMs(pid) ?? 0);
  const result = await run();
  let used = 0;
  for (const pid of new Set([server.pid, ...before.keys(), ...(await backends())])) {
    const after = cpuMs(pid);
    if (after !== undefined) used += after - (before.get(pid) ?? 0);
  }
  return { total: result.total, cpuMsPerRequest: Math.round((used / Math.max(1, result.total)) * 1000) / 1000 };
}

async function runAb(plans: AbPlan[], start: (env: Record<string, string>, buildDir?: string) => Promise<AbServer>, log: (s: string) => void) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const lines: string[] = [];
  const results: Record<string, unknown>[] = [];
  for (const plan of plans) {
    const patch = plan.name;
    const a = await start({ READ_CACHE: plan.cache });
    const b = await start({ READ_CACHE: plan.cache, ...plan.off }, plan.buildDir);
    for (const [name, p] of plan.paths) {
      const runs: { a: number[]; b: number[]; aP99: number[]; bP99: number[]; aCpu: number[]; bCpu: number[] } = { a: [], b: [], aP99: [], bP99: [], aCpu: [], bCpu: [] };
      const measure = async (server: AbServer, warm: boolean) =>
        load(name, server.base + p, { headers: { cookie: server.cookie, "accept-encoding": "gzip, deflate, br" } }, warm);
      await measure(a, true);
      await measure(b, true);
      for (let r = 0; r < rounds; r++) {
        log(`${patch} · ${name} · round ${r + 1}/${rounds}`);
        // Interleaved, and the order flipped every round, so drift on a shared machine hits both.
        const order = r % 2 === 0 ? (["a", "b"] as const) : (["b", "a"] as const);
        for (const side of order) {
          let row: Awaited<ReturnType<typeof measure>> | undefined;
          const cpu = await cpuPerRequest(side === "a" ? a : b, async () => (row = await measure(side === "a" ? a : b, false)));
          if (!row || row.errors || row.non2xx) throw new Error(`${patch} ${name} ${side}: ${row?.errors} errors, ${row?.non2xx} non-2xx`);
          runs[side].push(row.rps);
          runs[side === "a" ? "aP99" : "bP99"].push(row.p99);
          runs[side === "a" ? "aCpu" : "bCpu"].push(cpu.cpuMsPerRequest);
        }
      }
      const pct = (x: number) => `${x > 0 ? "+" : ""}${x} %`;
      const gain = Math.round((median(runs.a) / median(runs.b) - 1) * 1000) / 10;
      // CPU per request saved by the patch (positive: A needs less).
      const cpuGain = Math.round((median(runs.bCpu) / median(runs.aCpu) - 1) * 1000) / 10;
      results.push({ patch, path: name, cache: plan.cache, ...runs, rpsGainPercent: gain, cpuGainPercent: cpuGain });
      lines.push(
        `${patch.padEnd(20)} ${name.padEnd(15)} ${plan.cache.padEnd(5)} ${runs.a.join("/").padStart(24)} ${runs.b.join("/").padStart(24)} ${pct(gain).padStart(9)}  ` +
          `${runs.aCpu.join("/").padStart(24)} ${runs.bCpu.join("/").padStart(24)} ${pct(cpuGain).padStart(9)}  p99 ${median(runs.aP99)}/${median(runs.bP99)} ms`,
      );
    }
    await a.stop();
    await b.stop();
  }
  process.stdout.write(
    `\nA = as shipped (with the patch; with --against: this build), B = the patch switched off (with --against: the other build); each run in the order measured (interleaved); "gain": A's median over B's ` +
      `(req/s), and the CPU per request B needs more than A (server + its PostgreSQL backends, ms/request)\n` +
      `${"patch".padEnd(20)} ${"path".padEnd(15)} ${"cache".padEnd(5)} ${"A req/s".padStart(24)} ${"B req/s".padStart(24)} ${"gain".padStart(9)}  ${"A cpu ms/req".padStart(24)} ${"B cpu ms/req".padStart(24)} ${"gain".padStart(9)}\n` +
      lines.join("\n") +
      "\n",
  );
  const out = path.join(root, "bench/results");
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `bench-ab-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version }, scale, duration, connections, rounds, results }, null, 2));
  log(`written ${path.relative(root, file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
