// Debian's Chromium driven by playwright-core. `useBrowser()` in a test file launches one browser
// for the file, gives each test fresh contexts, and fails a test when a page it opened saw a CSP
// violation, an uncaught exception or a console error (4xx resource loads excepted: the app
// answers those, e.g. the 401 of /api/user when signed out).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { baseUrl, DEMO, url } from "./app";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const SMALL_PHONE = { width: 320, height: 640 } as const;
export const heightFor = (width: number) =>
  width <= SMALL_PHONE.width ? SMALL_PHONE.height : width <= PHONE.width ? PHONE.height : DESKTOP.height;

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

interface Tracked {
  page: Page;
  problems: string[];
}

export interface BrowserKit {
  browser(): Browser;
  /**
   * A page in a fresh context (own cookies) at the given width (320 → 320x640, 390 → 390x844, else x800).
   * The app's service worker is blocked unless `serviceWorkers: "allow"` (e2e/pwa.e2e.test.ts): a
   * worker would precache the whole build in every fresh context, and Playwright's request routing
   * (page.route) does not see requests a worker handles.
   */
  newPage(options?: { width?: number; serviceWorkers?: "allow" | "block" }): Promise<Page>;
  /** A new page (as newPage) signed in as that person or the demo admin; null: signed out. */
  pageAs(who: { username: string; password: string } | "admin" | null, width?: number): Promise<Page>;
}

/** Registers the hooks of one test file and returns its browser kit. */
export function useBrowser(): BrowserKit {
  let browser: Browser | undefined;
  let tracked: Tracked[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const current = tracked;
    tracked = [];
    const problems = current.flatMap((t) => t.problems.map((p) => `${t.page.url()}: ${p}`));
    await Promise.all(current.map((t) => t.page.context().close().catch(() => undefined)));
    expect(problems, "CSP violations, uncaught exceptions or console errors in the browser").toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const kit: BrowserKit = {
    browser: () => {
      if (!browser) throw new Error("useBrowser(): the browser starts in beforeAll");
      return browser;
    },
    async newPage({ width = DESKTOP.width, serviceWorkers = "block" } = {}) {
      if (!browser) throw new Error("useBrowser(): the browser starts in beforeAll");
      const context = await browser.newContext({ viewport: { width, height: heightFor(width) }, baseURL: baseUrl(), serviceWorkers });
      await context.addInitScript(reportCspViolations);
      const page = await context.newPage();
      tracked.push({ page, problems: watchProblems(page) });
      return page;
    },
    async pageAs(who, width = DESKTOP.width) {
      const page = await kit.newPage({ width });
      const login = who === "admin" ? DEMO.admin : who;
      if (login) await signInViaApi(page.context(), login.username, login.password);
      return page;
    },
  };
  return kit;
}

/** An init script: every `securitypolicyviolation` event becomes a console error. */
function reportCspViolations() {
  document.addEventListener("securitypolicyviolation", (e) => {
    console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`);
  });
}

/**
 * Collects CSP violations, uncaught exceptions and console errors of a page (add
 * `reportCspViolations` to its context first, as `newPage` does).
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    // The app handles 4xx answers itself; the browser still logs them as failed resource loads.
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    problems.push(`console error: ${text}`);
  });
  page.on("pageerror", (err) => problems.push(`uncaught exception: ${err.message}`));
  return problems;
}

/** Signs in through the Login form of /auth and waits until the app leaves /auth. */
export async function signInViaForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto(url("/auth"));
  await page.getByLabel("Username", { exact: true }).first().waitFor();
  // The Login tab's form is labelled "Login"; fall back to the visible form holding a Username field.
  const named = page.getByRole("form", { name: /^(login|sign in)$/i });
  const form = (await named.count()) > 0
    ? named.first()
    : page.locator("form").filter({ visible: true, has: page.getByLabel("Username", { exact: true }) }).first();
  await form.getByLabel("Username", { exact: true }).fill(username);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: /^(sign in|log ?in)$/i }).click();
  await page.waitForURL((u) => u.pathname !== "/auth", { timeout: 15_000 });
}

/** Signs in with POST /api/login from the context, so the session cookie lands in the browser. */
export async function signInViaApi(context: BrowserContext, username: string, password: string): Promise<void> {
  const res = await context.request.post(url("/api/login"), { data: { username, password } });
  if (!res.ok()) throw new Error(`POST /api/login as ${username}: HTTP ${res.status()} ${await res.text()}`);
}

/**
 * Saves e2e/screenshots/<name>-390.png and <name>-1280.png (or one per given width), then restores
 * the viewport. Full page by default; `fullPage: false` keeps to the viewport (for dialogs: a
 * full-page capture stretches the page past the fixed overlay and sidebar); `element`: only that
 * part of the page (a card on a long page), scrolled into view.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, widths = [PHONE.width, DESKTOP.width], element }: { fullPage?: boolean; widths?: readonly number[]; element?: Locator } = {},
): Promise<void> {
  const dir = path.join(root, "e2e/screenshots");
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: heightFor(width) });
    await settle(page);
    const file = path.join(dir, `${name}-${width}.png`);
    if (element) {
      await element.scrollIntoViewIfNeeded();
      await element.screenshot({ path: file, animations: "disabled" });
    } else await page.screenshot({ path: file, fullPage, animations: "disabled" });
  }
  if (original) {
    // Back to the page's own width, and settled there: a click right after a screenshot must not
    // land while the layout is still switching from the last width taken (a lost click).
    await page.setViewportSize(original);
    await settle(page);
  }
}

/** Waits for the network to go quiet and fonts/layout to settle. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => r(null)))));
}

/**
 * Clicks a box that saves as soon as it changes and answers whether it is ticked once the click has
 * been handled, before anything is awaited: such a box shows the member's choice from that moment
 * and never flips back while it saves (Playwright's check() and uncheck() fail on a flip back only
 * when they happen to look during it).
 */
export async function clickSavingBox(box: Locator): Promise<boolean> {
  await box.scrollIntoViewIfNeeded();
  return box.evaluate((el: HTMLInputElement) => {
    el.click();
    return el.checked;
  });
}

let axeSource: string | undefined;

/**
 * Runs axe-core on the page and fails on any serious or critical violation. `settle: false` checks
 * the page as it is now (a loading state whose request the test holds would never let it settle).
 */
export async function expectNoAxeViolations(page: Page, { settle: settleFirst = true }: { settle?: boolean } = {}): Promise<void> {
  axeSource ??= fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  if (settleFirst) await settle(page);
  // evaluate() runs through the DevTools protocol, so the page's CSP (script-src 'self') allows it.
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(" | ")}`);
  });
  expect(violations, `axe on ${page.url()}`).toEqual([]);
  // axe checks only the ids ARIA attributes point at (duplicate-id-aria); a label's `for`, an
  // in-page link and getElementById also take the first element with an id, so no id may appear
  // twice (say in a list rendered both as cards and as a table, one of them hidden).
  const duplicateIds = await page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  });
  expect(duplicateIds, `ids used more than once on ${page.url()}`).toEqual([]);
}

interface AxeResults {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: string[] }[] }[];
}
