// The challenge clock in a real browser (docs/product.md, "The challenge clock", "Club rules", "Club
// breaks"): the countdown on a challenge card, a challenge the start-up sweep expired under Past
// (demo data: Spin Doctors' unanswered challenge to ethan's Baseline Bros, server/db/seed.ts), the
// admin's Club rules card, and the club-break banner on every page. A break that began would stop
// the later journeys' challenges, so this one declares a break ahead (the banner announces it) and
// removes it again.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, format } from "date-fns";
import type { Locator, Page } from "playwright-core";
import { url } from "./support/app";
import { expectNoAxeViolations, screenshot, settle, useBrowser } from "./support/browser";
import { challenge, joinClub, people } from "./support/club";

const kit = useBrowser();
const person = people({ prefix: "ck", theme: "Clock", first: "Morgan", partner: "Jules", password: "Clockwork123" });
const A = person("a");
const B = person("b");
const WIDTHS = [320, 390, 1280] as const;

beforeAll(async () => {
  const { side } = await joinClub(kit.browser(), [A, B], [A, B]);
  const [a, b] = [await side(A), await side(B)];
  await challenge(a, b, "grass", "Text Morgan A");
});

/** Screenshots of one element at each width (the page around it is long). */
async function shootElement(page: Page, element: Locator, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await element.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, animations: "disabled" });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("the challenge clock", () => {
  it("a new challenge's card counts down: 'Answer within 2 days' for the challenged team, the day for the challenger", async () => {
    const b = await kit.pageAs(B, 390);
    await b.goto(url("/challenges"));
    const card = b.getByRole("listitem").filter({ hasText: A.teamName });
    await expect.poll(() => card.getByTestId("challenge-clock").textContent(), { timeout: 15_000 }).toBe("Answer within 2 days");
    await expectNoAxeViolations(b);
    await screenshot(b, "clock-card", { widths: WIDTHS });

    const a = await kit.pageAs(A, 1280);
    await a.goto(url("/challenges"));
    const sent = a.getByRole("listitem").filter({ hasText: B.teamName });
    await expect.poll(() => sent.getByTestId("challenge-clock").textContent(), { timeout: 15_000 }).toMatch(/^Waiting for their answer until \w{3} \d{1,2} \w{3}$/);
  });

  it("a challenge nobody answered is expired by the sweep and stays visible under Past", async () => {
    const page = await kit.pageAs({ username: "ethan", password: "Player123" }, 390);
    await page.goto(url("/challenges"));
    await page.getByRole("heading", { name: "Incoming Challenges" }).waitFor();
    // Not among the open ones.
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: "Spin Doctors" }).filter({ hasText: "Expired" }).count()).toBe(0);
    await page.getByRole("button", { name: "Past" }).click();
    await page.waitForURL(/\/challenges\?filter=past$/);
    const expired = page.getByRole("listitem").filter({ hasText: "Spin Doctors" }).filter({ hasText: "Expired" });
    await expect.poll(() => expired.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Past" }).getAttribute("aria-pressed")).toBe("true");
    await expectNoAxeViolations(page);
    await screenshot(page, "clock-past", { widths: WIDTHS });
  });

  it("the admin's Club rules card declares a break ahead: the banner shows it on every page, and it can be removed before it starts", async () => {
    const admin = await kit.pageAs("admin", 1280);
    await admin.goto(url("/admin"));
    // The card: the nearest rounded box around its title.
    const card = admin.getByRole("heading", { name: "Club rules", exact: true }).locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    await admin.getByLabel("Answer window (hours)").waitFor();
    expect(await admin.getByLabel("Answer window (hours)").inputValue()).toBe("72");
    expect(await admin.getByText("A change applies to deadlines set after it").isVisible()).toBe(true);
    await shootElement(admin, card, "clock-club-rules-card");

    // A rule out of range is refused in the form with the rule's message.
    await admin.getByLabel("Answer window (hours)").fill("0");
    await admin.getByRole("button", { name: "Save Club Rules" }).click();
    await admin.getByText("The answer window must be a whole number of hours from 1 to 336.").waitFor();
    await admin.getByLabel("Answer window (hours)").fill("72");
    await admin.getByRole("button", { name: "Save Club Rules" }).click();
    await expect.poll(() => admin.getByText("Club Rules Updated").first().isVisible(), { timeout: 10_000 }).toBe(true);

    const from = format(addDays(new Date(), 10), "yyyy-MM-dd");
    const to = format(addDays(new Date(), 12), "yyyy-MM-dd");
    // The Seasons card has fields of the same names: the break's are those of its own form.
    const breakForm = admin.getByRole("form", { name: "Add a club break" });
    await breakForm.getByLabel("Name", { exact: true }).fill("Reading week");
    await breakForm.getByLabel("First day").fill(from);
    await breakForm.getByLabel("Last day").fill(to);
    await breakForm.getByRole("button", { name: "Add Break" }).click();
    await expect.poll(() => admin.getByText("Club Break Saved").first().isVisible(), { timeout: 10_000 }).toBe(true);
    const banner = admin.getByTestId("club-break-banner");
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toMatch(/^Club break ahead: Reading week, \w{3} \d{1,2} \w{3} to \w{3} \d{1,2} \w{3}\. Deadlines pause during it\.$/);
    await expectNoAxeViolations(admin);

    // A member sees the banner on the ladder, phone and desktop.
    const member = await kit.pageAs(B, 390);
    await member.goto(url("/ladder"));
    await member.getByTestId("club-break-banner").waitFor();
    await screenshot(member, "clock-banner", { fullPage: false, widths: WIDTHS });

    // Removed before it starts: the banner goes.
    await admin.getByRole("button", { name: "Remove Reading week" }).click();
    await admin.getByRole("alertdialog", { name: "Remove this club break?" }).getByRole("button", { name: "Remove Break" }).click();
    await expect.poll(() => admin.getByText("Club Break Removed").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => admin.getByTestId("club-break-banner").count(), { timeout: 10_000 }).toBe(0);
  });
});
