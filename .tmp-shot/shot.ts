// Screenshots of the Danger Zone card while a reset runs (not committed).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { chromium } from "playwright-core";
import { migrateDatabase, openDatabase } from "../server/db/client";
import { seedBulk } from "../bench/seed-bulk";
import { benchServerEnv } from "../bench/server-env";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-shot-"));
const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
await migrateDatabase(db);
await seedBulk(db.db, { scale: Number(process.env.SCALE ?? 0.3), pendingMatches: 20, log: (s) => console.log(s) });
await db.close();
const port = 6100 + Math.floor(Math.random() * 50);
const child = spawn(process.execPath, ["dist/server/index.js"], {
  stdio: ["ignore", "pipe", "pipe"],
  env: { ...benchServerEnv(port), ADMIN_USERNAME: "shotadmin", ADMIN_PASSWORD: "ShotAdmin1", ADMIN_EMAIL: "shot@x.test", DATA_DIR: dataDir, DATABASE_URL: "" },
});
await new Promise<void>((resolve) => child.stdout!.on("data", (d: Buffer) => /running at/.test(d.toString()) && resolve()));
const base = `http://localhost:${port}`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const res = await context.request.post(`${base}/api/login`, { data: { username: "shotadmin", password: "ShotAdmin1" } });
  if (!res.ok()) throw new Error(await res.text());
  const page = await context.newPage();
  await page.goto(`${base}/admin`);
  const button = page.getByRole("button", { name: "Reset All Player & Team Data" });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await page.getByRole("button", { name: "Yes, reset everything" }).click();
  const status = page.locator('[role="status"]').filter({ hasText: /Removing|Resetting/ });
  for (const width of [1280, 390, 320]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : width > 320 ? 844 : 640 });
    await status.first().waitFor({ timeout: 60_000 });
    await status.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/restore-reset-${width}.png` });
    console.log(width, await status.first().innerText());
  }
  await page.getByText("Data Reset Complete").first().waitFor({ timeout: 120_000 });
  await page.screenshot({ path: `/tmp/restore-reset-done-390.png` });
} finally {
  await browser.close();
  child.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
