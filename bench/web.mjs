// `npm run bench:web`: Lighthouse 12 (Node 20) with Debian's Chromium on /auth (signed out),
// /ladder and /challenges (signed in: the session cookie goes in Lighthouse's extraHeaders), against the production
// build on a fresh embedded database with the demo club. Prints performance, accessibility and
// best-practices; the budget is performance ≥ 95 and accessibility ≥ 95 (exit 1 when missed).
//   --desktop   Lighthouse's desktop preset instead of the default (mobile, simulated throttling)
//   --runs N    Lighthouse runs per page (default 3); the run with the median performance score
//               is the page's result (single runs vary by several points on a shared machine)
//   --lhr       also write every run's full Lighthouse report (bench/results/web-lhr-*.json), to read
//               the LCP element, the request chain, unused JavaScript by file and so on
//   --only P    only the page P (/auth, /ladder or /challenges); may be repeated
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, execSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as chromeLauncher from "chrome-launcher";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const desktop = process.argv.includes("--desktop");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg >= 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;
const TARGETS = { performance: 95, accessibility: 95 };
const saveLhr = process.argv.includes("--lhr");
const only = process.argv.flatMap((a, i) => (process.argv[i - 1] === "--only" ? [a] : []));
const stamp = new Date().toISOString().replace(/[:.]/g, "-");

execSync("node scripts/build-if-needed.mjs", { cwd: root, stdio: "inherit" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-web-"));
const port = 6400 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, "dist/server/index.js")], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", APP_URL: base, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
});
let serverOutput = "";
server.stdout.on("data", (d) => (serverOutput += d));
server.stderr.on("data", (d) => (serverOutput += d));

let chrome;
const results = [];
try {
  const t0 = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${serverOutput.slice(-2000)}`);
    if (Date.now() - t0 > 60_000) throw new Error("server not healthy within 60 s");
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // A demo captain (server/db/seed.ts) signs in; the cookie is what a browser would send.
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "alex", password: "Player123" }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  // Every cookie the sign-in set (the session and the signed-in marker), as a browser sends them.
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const pages = [
    { path: "/auth", headers: undefined },
    { path: "/ladder", headers: { Cookie: cookie } },
    { path: "/challenges", headers: { Cookie: cookie } },
  ];
  for (const p of pages.filter((pg) => !only.length || only.includes(pg.path))) for (let attempt = 1; attempt <= RUNS; attempt++) {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      ...(p.headers ? { extraHeaders: p.headers } : {}),
    };
    const run = await lighthouse(`${base}${p.path}`, flags, desktop ? desktopConfig : undefined);
    const lhr = run.lhr;
    if (saveLhr) {
      fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
      fs.writeFileSync(path.join(root, `bench/results/web-lhr-${stamp}${p.path.replace(/\//g, "-")}-${attempt}.json`), JSON.stringify(lhr));
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    results.push({
      path: p.path,
      run: attempt,
      // A run whose trace Lighthouse could not read (e.g. NO_NAVSTART on a busy machine) scores 0:
      // shown, but not a candidate for the median.
      error: lhr.runtimeError?.code,
      finalUrl: lhr.finalDisplayedUrl,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      lcp: lhr.audits["largest-contentful-paint"]?.displayValue,
      tbt: lhr.audits["total-blocking-time"]?.displayValue,
      cls: lhr.audits["cumulative-layout-shift"]?.displayValue,
      shifted: (lhr.audits["layout-shifts"]?.details?.items ?? []).map((i) => `${i.node?.selector ?? "?"} (${(i.score ?? 0).toFixed(2)})`),
      failed,
    });
  }
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((r) => (server.exitCode !== null ? r() : server.once("exit", r)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${desktop ? "desktop" : "mobile (default)"} · Chromium ${execSync(`${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"} --version`).toString().trim()}`);
console.log(`${"page".padEnd(14)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"best-pr".padStart(8)}  ${"LCP".padStart(6)}  ${"TBT".padStart(7)}`);
let missed = false;
const line = (label, r) =>
  `${label.padEnd(14)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(8)}  ${(r.lcp ?? "-").padStart(6)}  ${(r.tbt ?? "-").padStart(7)}  CLS ${r.cls ?? "-"}   (ended on ${new URL(r.finalUrl).pathname})`;
for (const page of [...new Set(results.map((r) => r.path))]) {
  const runs = results.filter((r) => r.path === page);
  for (const r of runs) if (runs.length > 1) console.log(line(`${page} #${r.run}`, r) + (r.error ? `  run failed: ${r.error}` : ""));
  // The median run by performance score stands for the page.
  const valid = runs.filter((r) => !r.error);
  if (!valid.length) {
    console.log(`${page.padEnd(14)} every run failed: ${runs.map((r) => r.error).join(", ")}`);
    missed = true;
    continue;
  }
  const median = [...valid].sort((a, b) => a.performance - b.performance)[Math.floor((valid.length - 1) / 2)];
  console.log(line(runs.length > 1 ? `${page} median` : page, median));
  if (median.failed.length) console.log(`               below 0.9: ${median.failed.join(", ")}`);
  if (median.shifted.length) console.log(`               layout shifts (CLS ${median.cls}): ${median.shifted.join(", ")}`);
  if (median.performance < TARGETS.performance || median.accessibility < TARGETS.accessibility) missed = true;
}
fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
fs.writeFileSync(path.join(root, `bench/results/web-${desktop ? "desktop" : "mobile"}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
if (missed) {
  console.error(`bench:web: below target (performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility})`);
  process.exitCode = 1;
}
