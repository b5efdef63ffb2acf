// `npm run check:bundle`: the JavaScript budget of the first screen. Serves the built dist/public
// on a local port (the API answers 401, as for a signed-out visitor), opens /auth in Chromium, and
// sums the gzip size of every JavaScript file the page loaded. Fails over BUDGET_KB, or when the
// admin screen is not its own chunk (or is loaded by /auth). Needs a build (`npm run build`).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const BUDGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "dist/public");
const indexHtml = path.join(publicDir, "index.html");
if (!fs.existsSync(indexHtml)) {
  console.error("check:bundle: no build in dist/public (run `npm run build` first)");
  process.exit(1);
}

const types = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml", ".png": "image/png" };
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname.startsWith("/api/")) {
    res.writeHead(401, { "content-type": "application/json" });
    return res.end(JSON.stringify({ message: "Not authenticated" }));
  }
  const file = path.join(publicDir, path.normalize(url.pathname));
  const target = file.startsWith(publicDir) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : indexHtml;
  res.writeHead(200, { "content-type": types[path.extname(target)] ?? "application/octet-stream" });
  fs.createReadStream(target).pipe(res);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const loaded = new Set();
try {
  const page = await browser.newPage();
  page.on("response", (res) => {
    const u = new URL(res.url());
    if (u.origin === base && u.pathname.endsWith(".js")) loaded.add(u.pathname);
  });
  await page.goto(`${base}/auth`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: /sign in|log in|login/i }).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
  await page.waitForLoadState("networkidle");
} finally {
  await browser.close();
  server.close();
}

const rows = [...loaded].map((p) => {
  const body = fs.readFileSync(path.join(publicDir, p));
  return { file: p.replace(/^\/assets\//, ""), raw: body.length, gzip: zlib.gzipSync(body).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((s, r) => s + r.gzip, 0);
const kb = (n) => (n / 1024).toFixed(1);
for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(7)} KB  ${kb(r.gzip).padStart(6)} KB gzip`);

const failures = [];
const assets = fs.readdirSync(path.join(publicDir, "assets"));
const adminChunk = assets.find((f) => /^admin-page-.*\.js$/.test(f));
if (!adminChunk) failures.push("the admin screen is not its own chunk (no assets/admin-page-*.js)");
else if (rows.some((r) => r.file === adminChunk)) failures.push(`/auth loads the admin chunk ${adminChunk}`);
if (rows.length === 0) failures.push("/auth loaded no JavaScript (did the page fail to load?)");
console.log(`JavaScript for the first screen (/auth): ${kb(total)} KB gzip in ${rows.length} files (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) failures.push(`over budget: ${kb(total)} KB > ${BUDGET_KB} KB gzip`);
if (failures.length) {
  for (const f of failures) console.error(`check:bundle: ${f}`);
  process.exit(1);
}
console.log(`check:bundle: ok (admin in its own chunk: ${adminChunk})`);
