// The installable app (docs/decisions/034-installable-app-and-offline-shell.md) against the
// production build: the manifest and its icons, the service worker taking control, the app opened
// offline with "You are offline" and recovering online, and a new version taking over.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/public");

interface Manifest {
  name: string;
  short_name: string;
  display: string;
  start_url: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), "PNG signature").toBe(true);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A page that lets the app's service worker run (blocked in the other journeys). */
const workerPage = (width: number) => kit.newPage({ width, serviceWorkers: "allow" });

/** Waits until the worker is installed and controls the page (a first visit is not controlled until reloaded). */
async function waitUntilControlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

const offlineBanner = (page: Page) => page.getByTestId("offline-banner").getByText("You are offline.");

describe("the installable app", () => {
  it("links a manifest (standalone, theme colour, PNG icons of 192 and 512 px and a maskable one) that Chromium finds installable", async () => {
    const html = await (await fetch(url("/ladder"))).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBe("/manifest.webmanifest");
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png"');

    const res = await fetch(url(href!));
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({ name: "Doubles Ladder", display: "standalone", start_url: "/", theme_color: "#0f766e" });
    const icons = [...manifest.icons, { src: "/icons/apple-touch-icon-180.png", sizes: "180x180", type: "image/png" }];
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of icons) {
      const file = await fetch(url(icon.src));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get("content-type"), icon.src).toBe("image/png");
      const { width, height } = pngSize(Buffer.from(await file.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    const worker = await fetch(url("/sw.js"));
    expect(worker.headers.get("cache-control")).toBe("no-cache");

    // Chromium's own verdict (what makes it offer "Install app").
    const page = await workerPage(1280);
    await page.goto(url("/auth"));
    await waitUntilControlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    // Every browser context playwright opens is an incognito profile, where Chromium never installs.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  });

  it("opened offline, the app shell loads from the worker and says 'You are offline'; back online, the banner goes and the page loads", async () => {
    const page = await workerPage(390);
    await signInViaApi(page.context(), "alex", DEMO.password);
    await page.goto(url("/ladder"));
    await waitUntilControlled(page);
    await page.getByRole("heading", { name: "Ladder Rankings" }).waitFor();
    expect(await offlineBanner(page).count()).toBe(0);

    // What the worker keeps: the shell and static files only, never an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(["/index.html", "/manifest.webmanifest", "/icons/icon-192.png"]));
    expect(cached.filter((p) => !/^\/(index\.html|favicon\.svg|manifest\.webmanifest|icons\/[\w-]+\.png|assets\/[\w.-]+\.(js|css))$/.test(p))).toEqual([]);

    await page.context().setOffline(true);
    await page.reload();
    // The shell (index.html and its code) came from the worker's cache; the API waits.
    await offlineBanner(page).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // The API is never answered by the worker: offline, a call fails and an /api address opened as a
    // page is not given the app (a second tab, unwatched: its failed loads are the point).
    const probe = await page.context().newPage();
    await probe.goto(url("/history"));
    expect(await probe.evaluate(() => fetch("/api/user").then(() => "answered", () => "failed"))).toBe("failed");
    await expect(probe.goto(url("/api/health"))).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await probe.close();
    await expectNoAxeViolations(page);
    await screenshot(page, "offline-loading", { fullPage: false });

    await page.context().setOffline(false);
    await page.getByRole("heading", { name: "Ladder Rankings" }).waitFor();
    expect(await offlineBanner(page).count()).toBe(0);

    // Going offline while a page is open: the banner over the page, gone when back.
    await page.context().setOffline(true);
    await offlineBanner(page).waitFor();
    await screenshot(page, "offline", { fullPage: false });
    await page.context().setOffline(false);
    await offlineBanner(page).waitFor({ state: "detached" });
  });

  describe("a new version", () => {
    const files = ["index.html", "sw.js"].map((f) => path.join(publicDir, f));
    let saved: string[] | undefined;
    afterEach(() => {
      if (saved) files.forEach((f, i) => fs.writeFileSync(f, saved![i]!));
      saved = undefined;
    });

    /**
     * "Deploys" a new build without building: index.html gets a marker, and sw.js the new revision
     * of index.html in its precache list (exactly what a rebuild changes when only the page does).
     * The server reads both from disk; afterEach puts the originals back.
     */
    function deployNewVersion(marker: string) {
      saved = files.map((f) => fs.readFileSync(f, "utf8"));
      const [html, worker] = saved as [string, string];
      const next = html.replace("</head>", `<meta name="build-marker" content="${marker}"></head>`);
      const revision = crypto.createHash("md5").update(next).digest("hex");
      const entry = /\{"revision":"[0-9a-f]+","url":"index\.html"\}/;
      expect(worker).toMatch(entry);
      fs.writeFileSync(files[0]!, next);
      fs.writeFileSync(files[1]!, worker.replace(entry, `{"revision":"${revision}","url":"index.html"}`));
    }

    it("installs beside the running one, is offered with 'A new version is ready' · Reload, and Reload opens the new shell", async () => {
      const page = await workerPage(1280);
      await page.goto(url("/auth"));
      await waitUntilControlled(page);
      expect(await page.locator('meta[name="build-marker"]').count()).toBe(0);

      deployNewVersion("e2e-new-version");
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByText("A new version is ready", { exact: true });
      await prompt.waitFor();
      // Until Reload, the page keeps its own version (the old worker still answers).
      expect(await page.locator('meta[name="build-marker"]').count()).toBe(0);
      await screenshot(page, "update-ready", { fullPage: false, widths: [390, 1280] });
      await page.getByRole("button", { name: "Reload" }).click();
      await page.locator('meta[name="build-marker"][content="e2e-new-version"]').waitFor({ state: "attached" });
      await page.getByRole("button", { name: /sign in|log ?in/i }).first().waitFor();
    });
  });
});
