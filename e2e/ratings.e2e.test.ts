// Ratings people can trust in a real browser (docs/product.md, "Provisional ratings", "At stake",
// "How good are the ratings?"): two teams of this file play one grass match, so both are provisional
// there; R's Challenge Teams shows the At stake column (the API's engine figures) at 390 and 1280 px
// and the Provisional marker explains itself on keyboard focus; the ladder and the profile mark the
// rating; the admin's Rating model card shows the evaluation table (no switch: the other journeys
// rely on the default model).
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PROVISIONAL_MATCHES } from "@shared/constants";
import type { ChallengeCandidatesPage } from "@shared/types/challenges";
import type { RatingModelEvaluation } from "@shared/types/ratings";
import { url } from "./support/app";
import { DESKTOP, expectNoAxeViolations, PHONE, screenshot, useBrowser } from "./support/browser";
import { joinClub, people, playApproved, type Side } from "./support/club";

const kit = useBrowser();
const person = people({ prefix: "rt", theme: "Rated", first: "Morgan", partner: "Riley", password: "Ratings123" });
const R = person("r");
const S = person("s");
let r: Side;

beforeAll(async () => {
  const club = await joinClub(kit.browser(), [R, S], [R, S]);
  r = await club.side(R);
  const s = await club.side(S);
  await playApproved(r, s, "grass", { challenge: "Text R", report: "Good game" });
}, 120_000);

/** The At stake text of a row as read out ('Win: +23 / , lose: −17 points'; the screen shows '+23 / −17'). */
const stakeText = (stake: { win: number; loss: number }) => `Win: +${stake.win} / , lose: −${Math.abs(stake.loss)} points`;
const textOf = async (loc: { textContent(): Promise<string | null> }) => ((await loc.textContent()) ?? "").replace(/\s+/g, " ").trim();

async function openGrass(page: Page) {
  await page.goto(url("/challenge-teams"));
  await page.getByRole("radio", { name: "Grass" }).click();
  await page.getByText("Schedule your match").waitFor();
}

describe("ratings people can trust", () => {
  it("Challenge Teams shows the points at stake from the engine and the Provisional marker, at 390 and 1280 px", async () => {
    const api = (await r.request.get(url("/api/challenges/candidates?surface=grass&competitionType=Mixed%20Doubles&limit=100"))).json();
    const page = (await api) as ChallengeCandidatesPage;
    const sRow = page.items.find((x) => x.name === S.teamName)!;
    expect(sRow.provisional).toBe(true);
    expect(sRow.atStake).not.toBeNull();
    expect(sRow.atStake!.win).toBeGreaterThan(0);
    expect(sRow.atStake!.loss).toBeLessThan(0);

    // Desktop: a table with an At stake column.
    const desk = await kit.pageAs(R, DESKTOP.width);
    await openGrass(desk);
    const header = desk.getByRole("columnheader", { name: "At stake" });
    await header.waitFor();
    const row = desk.getByRole("row").filter({ hasText: S.teamName });
    await expect.poll(() => textOf(row.getByTestId("at-stake"))).toBe(stakeText(sRow.atStake!));
    const marker = row.getByRole("button", { name: /^Provisional rating/ });
    expect(await marker.isVisible()).toBe(true);
    // The explanation opens on keyboard focus, and is also the marker's accessible name.
    // (Reached with the keyboard: a Radix tooltip opens on keyboard focus, not on a script's focus().)
    await marker.focus();
    await desk.keyboard.press("Shift+Tab");
    await desk.keyboard.press("Tab");
    expect(await marker.evaluate((el) => el === document.activeElement)).toBe(true);
    const tip = desk.getByRole("tooltip");
    await expect.poll(() => tip.count(), { timeout: 5_000 }).toBe(1);
    expect(await tip.textContent()).toContain(`Fewer than ${PROVISIONAL_MATCHES} confirmed matches on this surface`);
    await screenshot(desk, "ratings-at-stake", { fullPage: false, widths: [DESKTOP.width] });
    await desk.keyboard.press("Escape");
    await expectNoAxeViolations(desk);

    // Phone: one card per team, the figures under "At stake".
    const phone = await kit.pageAs(R, PHONE.width);
    await openGrass(phone);
    const card = phone.getByRole("listitem").filter({ hasText: S.teamName });
    await expect.poll(() => card.getByText("At stake").isVisible()).toBe(true);
    expect(await textOf(card.getByTestId("at-stake"))).toBe(stakeText(sRow.atStake!));
    expect(await card.getByRole("button", { name: /^Provisional rating/ }).isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(phone, "ratings-at-stake", { fullPage: false, widths: [PHONE.width] });
    await expectNoAxeViolations(phone);
  });

  it("the ladder and the profile mark a rating with fewer than 5 confirmed matches as Provisional", async () => {
    const pg = await kit.pageAs(R, DESKTOP.width);
    await pg.goto(url("/ladder"));
    await pg.getByLabel("Competition Category").selectOption("Mixed Doubles");
    await pg.getByLabel("Surface Type").selectOption("grass");
    const ladderRow = pg.getByRole("row").filter({ hasText: R.teamName });
    await expect.poll(() => ladderRow.getByRole("button", { name: /^Provisional rating/ }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expectNoAxeViolations(pg);

    await pg.goto(url("/profile"));
    await pg.getByText("Court Performance").waitFor();
    // Overall (one match in total) and each surface (one on grass, none elsewhere).
    await expect.poll(() => pg.getByRole("button", { name: /^Provisional rating/ }).count()).toBe(4);
    await screenshot(pg, "ratings-profile", { fullPage: false, widths: [320, PHONE.width, DESKTOP.width] });
    await expectNoAxeViolations(pg);
  });

  it("the admin's Rating model card shows the evaluation table the API computes, at 390 and 1280 px", async () => {
    for (const width of [PHONE.width, DESKTOP.width]) {
      const pg = await kit.pageAs("admin", width);
      const api = (await (await pg.context().request.get(url("/api/admin/rating-model"))).json()) as RatingModelEvaluation;
      await pg.goto(url("/admin"));
      await pg.getByRole("button", { name: "Evaluate the ratings" }).click();
      const current = api.models.find((m) => m.current)!;
      // A table from 640 px, one item per model below.
      const row = pg.getByRole(width < 640 ? "listitem" : "row").filter({ hasText: current.label }).filter({ hasText: "In use" });
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      expect(await row.innerText()).toContain(current.brier!.toFixed(4));
      for (const m of api.models.filter((x) => !x.current)) {
        const allowed = m.brier! <= current.brier!;
        expect(await pg.getByRole("button", { name: `Switch to ${m.label}`, exact: true }).count()).toBe(allowed ? 1 : 0);
      }
      await pg.getByText(`Scored on ${api.matches} confirmed matches.`).scrollIntoViewIfNeeded();
      await screenshot(pg, "ratings-model-card", { fullPage: false, widths: [width] });
      await expectNoAxeViolations(pg);
    }
  });
});
