// `npm run bench:startup`: the embedded default's start times. Runs `npm start`'s entry
// (scripts/start.mjs, with the build present) on a fresh data directory and measures the time to
// the first 200 on /api/health; stops it; starts again on the same data and measures again.
// The budgets: first start ≤ 10 s, later starts ≤ 3 s. Exits non-zero when a budget is missed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, execSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUDGETS = { first: 10_000, later: 3_000 };

execSync("node scripts/build-if-needed.mjs", { cwd: root, stdio: "inherit" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-startup-"));

async function startOnce(label) {
  const port = 6100 + Math.floor(Math.random() * 300);
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let exited = false;
  child.on("exit", () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`${label} start exited early:\n${output.slice(-2000)}`);
      if (performance.now() - t0 > 60_000) throw new Error(`${label} start: no 200 on /api/health within 60 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return performance.now() - t0;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (exited ? r() : child.once("exit", r)));
  }
}

try {
  const first = await startOnce("first");
  const later = [await startOnce("second"), await startOnce("third")];
  const worstLater = Math.max(...later);
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`first start (fresh data dir, demo seed): ${s(first)}   (budget ${s(BUDGETS.first)})`);
  console.log(`later starts: ${later.map(s).join(", ")}   (budget ${s(BUDGETS.later)})`);
  const missed = first > BUDGETS.first || worstLater > BUDGETS.later;
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/startup-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
    JSON.stringify({ date: new Date().toISOString(), firstMs: Math.round(first), laterMs: later.map(Math.round), budgets: BUDGETS }, null, 2),
  );
  if (missed) {
    console.error("bench:startup: a start-time budget was missed");
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
