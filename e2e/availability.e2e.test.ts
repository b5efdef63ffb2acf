// Weekly availability and the calendar feed in a real browser
// (docs/product.md, "Weekly availability", "Calendar feed"). Demo data: carlos and dev (Net Ninjas) against ethan and felix
// (Baseline Bros), all Men's Doubles; no other journey uses their availability or feeds.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();

const WEEK = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
/** Free on Saturday morning and afternoon and Sunday morning (and one more cell of their own). */
function usualWeek(extra: (typeof WEEK)[number]) {
  return Object.fromEntries(
    WEEK.map((d) => [d, { morning: d === "sat" || d === "sun", afternoon: d === "sat", evening: d === extra }]),
  );
}

async function setAvailabilityViaApi(page: Page, username: string, extra: (typeof WEEK)[number]) {
  await signInViaApi(page.context(), username, DEMO.password);
  const res = await page.context().request.put(url("/api/user/availability"), { data: { availability: usualWeek(extra) } });
  expect(res.status()).toBe(200);
}

describe("weekly availability and the calendar feed", () => {
  it("a player sets their usual week on the profile; the challenge form marks the times all four are free and fills a suggested one", async () => {
    const page = await kit.newPage({ width: 1280 });
    await signInViaApi(page.context(), "carlos", DEMO.password);
    await page.goto(url("/profile"));
    const card = page.locator("section").getByText("My usual availability").first();
    await card.waitFor();
    for (const slot of ["Saturday morning", "Saturday afternoon", "Sunday morning", "Tuesday evening"]) {
      await page.getByRole("checkbox", { name: slot }).check();
    }
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect.poll(() => page.getByText("Availability Saved").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Save availability" }).isDisabled()).toBe(true);
    expect(await page.getByText("Dev Patel has not set a usual availability yet.").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, "profile-availability", { widths: [320, 390, 1280] });

    // The other three players set theirs (their own sessions, through the API).
    for (const [who, extra] of [["dev", "wed"], ["ethan", "mon"], ["felix", "fri"]] as const) {
      await setAvailabilityViaApi(await kit.newPage({ width: 390 }), who, extra);
    }

    await page.goto(url("/challenge-teams"));
    await page.getByRole("radio", { name: "Grass" }).click();
    await page.getByText("Schedule your match").waitFor();
    await page.getByLabel("Compare availability with").selectOption({ label: "Baseline Bros" });
    const panel = page.getByTestId("find-a-time");
    await panel.getByRole("list", { name: "Suggested slots" }).waitFor();
    // Saturday morning, Saturday afternoon and Sunday morning: all four free; nowhere else.
    expect(await panel.locator("[data-all-free]").count()).toBe(3);
    const suggestions = panel.getByRole("list", { name: "Suggested slots" }).getByRole("button");
    expect(await suggestions.count()).toBe(3);
    const first = (await suggestions.first().innerText()).split("\n")[0]!;
    expect(first).toMatch(/^(Saturday|Sunday), /);
    await suggestions.first().click();
    const date = await page.getByLabel("Date").inputValue();
    const time = await page.getByLabel("Time").inputValue();
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    // What the form now holds is the suggestion's own time, in this browser's zone.
    const picked = new Date(`${date}T${time}:00`);
    expect(first).toContain(picked.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric" }));
    // The proposed time it filled is marked as one when all four are usually free (docs/product.md, "Proposed times").
    await expect.poll(() => page.getByTestId("all-free").count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, "challenge-find-a-time", { widths: [320, 390, 1280] });
  });

  it("a member makes a calendar link, copies it, subscribes by webcal://, and a reset link makes the old one answer 404", async () => {
    const page = await kit.newPage({ width: 390 });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInViaApi(page.context(), "dev", DEMO.password);
    await page.goto(url("/profile"));
    await page.getByRole("button", { name: "Create my calendar link" }).click();
    const link = page.getByLabel("Your calendar link");
    await link.waitFor();
    const first = await link.inputValue();
    expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await page.getByRole("button", { name: "Copy link" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Subscribe in calendar app" }).getAttribute("href")).toBe(first.replace(/^https?:/, "webcal:"));
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.getByText("Link Copied").first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    const feed = await page.context().request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toContain("X-WR-CALNAME:Doubles Ladder: Net Ninjas");
    await expectNoAxeViolations(page);
    await screenshot(page, "profile-calendar-feed", { widths: [320, 390, 1280] });

    await page.getByRole("button", { name: "Reset link" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Reset your calendar link?" });
    await dialog.getByRole("button", { name: "Reset link" }).click();
    await expect.poll(() => page.getByText("Calendar Link Reset").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => link.inputValue()).not.toBe(first);
    expect((await page.context().request.get(first)).status()).toBe(404);
    expect((await page.context().request.get(await link.inputValue())).status()).toBe(200);
  });
});
