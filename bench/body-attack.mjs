// Issue 12 item 1's attack on a production server bundle (docs/security.md, figure 14):
//   node bench/body-attack.mjs <server bundle, e.g. dist/server/index.js> [port] [label]
// Starts the bundle on a fresh embedded database, then, one after the other: two anonymous 24 KB
// gzip bodies inflating to 24 MB of "[" at the restore route; sixteen anonymous 24 MB plain bodies
// there at once; sixteen gzip bombs at /api/login. For each: the answers, the time, the worst
// /api/health time meanwhile, and the server's peak RSS (the kernel's VmHWM, reset before each).
// Linux only (/proc). To compare with an older version, bundle it with scripts/build-server.mjs's
// settings into another folder of this checkout and run this on both.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const [bundle, portArg = "6400", label = bundle] = process.argv.slice(2);
const port = Number(portArg);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bodies-measure-"));
const child = spawn(process.execPath, [bundle], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "measure-secret-measure-secret-0123456789",
    LOG_LEVEL: "warn",
    ADMIN_PASSWORD: "MeasurePass9",
    SWEEP_INTERVAL_SECONDS: "0",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

const rssOf = () => {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
};

function send(method, p, headers, body, endIt = true) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request({ host: "127.0.0.1", port, path: p, method, agent: false, headers }, (res) => {
      res.resume();
      res.on("end", () => {
        resolve({ status: res.statusCode, ms: performance.now() - t0 });
        req.destroy();
      });
    });
    req.on("error", (e) => resolve({ status: `error ${e.code}`, ms: performance.now() - t0 }));
    if (body) req.write(body);
    if (endIt) req.end();
  });
}

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    const r = await send("GET", "/api/health", {});
    if (r.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function during(attack) {
  // Resets the kernel's peak-RSS mark for the server, so VmHWM after the attack is its peak.
  fs.writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
  const startRss = rssOf().rss;
  let stop = false;
  let worstHealth = 0;
  let peakRss = 0;
  const probe = (async () => {
    while (!stop) {
      const r = await send("GET", "/api/health", {});
      worstHealth = Math.max(worstHealth, r.ms);
      peakRss = Math.max(peakRss, rssOf().rss);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  const answers = await attack();
  const ms = performance.now() - t0;
  stop = true;
  await probe;
  const statuses = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return { statuses, ms: Math.round(ms), worstHealthMs: Math.round(worstHealth), startRssMb: Math.round(startRss), peakRssMb: Math.round(rssOf().hwm) };
}

await waitReady();
await new Promise((r) => setTimeout(r, 1000));
const base = rssOf();
const json = { "content-type": "application/json" };
// The bomb: about 23 KB of gzip inflating to 24 MB of one nesting character.
const bomb = zlib.gzipSync(Buffer.alloc(24 * 1024 * 1024, "["), { level: 9 });
const plain = Buffer.concat([Buffer.from('{"backupData":"'), Buffer.alloc(24 * 1024 * 1024 - 40, "a"), Buffer.from('","importMode":"merge"}')]);
const results = {};
results.twoBombs = await during(() =>
  Promise.all([0, 1].map(() => send("POST", "/api/admin/import-backup", { ...json, "content-encoding": "gzip", "content-length": bomb.length }, bomb))),
);
results.sixteenPlain = await during(() =>
  Promise.all(Array.from({ length: 16 }, () => send("POST", "/api/admin/import-backup", { ...json, "content-length": plain.length }, plain))),
);
results.publicBombs = await during(() =>
  Promise.all(Array.from({ length: 16 }, () => send("POST", "/api/login", { ...json, "content-encoding": "gzip", "content-length": bomb.length }, bomb))),
);
const after = rssOf();
console.log(
  JSON.stringify({ label, bombBytes: bomb.length, baseRssMb: Math.round(base.rss), ...results, finalRssMb: Math.round(after.rss), peakHwmMb: Math.round(after.hwm) }, null, 1),
);
child.kill("SIGTERM");
await new Promise((r) => child.on("exit", r));
fs.rmSync(dataDir, { recursive: true, force: true });
