// Seasons (issue 18): an admin plans a season and closes it; its final standings are frozen into the
// archive. /seasons lists it with its champions; /seasons/{id} shows its standings with the ladder's
// filters, as they were (a rename afterwards changes nothing), at 390 and 1280 px, signed in and
// signed out. The ladder shows the season line. Teams of its own, made through the API.
import type { APIRequestContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, clubDay, DEFAULT_CLUB_TIMEZONE } from "@shared/time";
import { url } from "./support/app";
import { expectNoAxeViolations, screenshot, useBrowser, DESKTOP, PHONE, SMALL_PHONE } from "./support/browser";
import { joinClub, people, playApproved, type Side } from "./support/club";
import { expectFitsAt } from "./support/layout";

const kit = useBrowser();
const person = people({ prefix: "sea", theme: "Seasonal", first: "Robin", partner: "Sam", password: "Seasons123" });
const S = person("s");
const T = person("t");
let s: Side;
let t: Side;
let admin: APIRequestContext;
let seasonId: number;
const SEASON = "Winter Term 2026 (e2e)";

beforeAll(async () => {
  const club = await joinClub(kit.browser(), [S, T], [S, T]);
  admin = club.admin;
  [s, t] = [await club.side(S), await club.side(T)];
  await playApproved(s, t, "grass", { challenge: "Text S", report: "Close one" });

  // A season running today, closed now by the admin: its standings are frozen.
  const today = clubDay(new Date(), DEFAULT_CLUB_TIMEZONE);
  const created = await admin.post(url("/api/admin/seasons"), { data: { name: SEASON, firstDay: today, lastDay: addDays(today, 30), carryOverPercent: 0 } });
  expect(created.status(), await created.text()).toBe(201);
  seasonId = ((await created.json()) as { id: number }).id;
  const closed = await admin.post(url(`/api/admin/seasons/${seasonId}/close`), { data: {} });
  expect(closed.status(), await closed.text()).toBe(200);

  // Renamed afterwards: the archive keeps the name it had.
  const renamed = await s.request.put(url(`/api/teams/${s.teamId}`), { data: { name: `${S.teamName} Renamed` } });
  expect(renamed.status(), await renamed.text()).toBe(200);
}, 120_000);

describe("season archives", () => {
  it("/seasons lists the closed season with its champions, and its page shows the frozen standings with the ladder's filters", async () => {
    for (const width of [PHONE.width, DESKTOP.width]) {
      const pg = await kit.pageAs(T, width);
      await pg.goto(url("/seasons"));
      const card = pg.getByRole("region", { name: SEASON });
      await card.waitFor();
      // The demo club shares the server: its teams may hold the titles.
      expect(await card.innerText()).toContain("Whole club");
      await expectNoAxeViolations(pg);
      await expectFitsAt(pg, width, "season archive list");

      await card.getByRole("link", { name: `Standings of ${SEASON}` }).click();
      await pg.waitForURL((u) => u.pathname === `/seasons/${seasonId}`);
      await pg.getByRole("heading", { name: SEASON, level: 1 }).waitFor();
      await pg.getByLabel("Competition Category").selectOption("Mixed Doubles");
      await pg.getByLabel("Surface Type").selectOption("grass");
      const grass = pg.getByRole("region", { name: "Grass Court" });
      await grass.getByText(T.teamName).waitFor();
      const text = await grass.innerText();
      // The winner first, under the name it had when the season closed.
      expect(text.indexOf(S.teamName)).toBeLessThan(text.indexOf(T.teamName));
      expect(text).not.toContain("Renamed");
      expect(await pg.getByRole("region", { name: "Beach" }).count()).toBe(0);
      await expectNoAxeViolations(pg);
      await expectFitsAt(pg, width, "season standings");
      await pg.close();
    }
    const pg = await kit.pageAs(T);
    await pg.goto(url(`/seasons/${seasonId}`));
    await pg.getByRole("region", { name: "Grass Court" }).getByText(T.teamName).waitFor();
    const widths = [SMALL_PHONE.width, PHONE.width, DESKTOP.width];
    await screenshot(pg, "season-standings", { widths });
    await pg.goto(url("/seasons"));
    await pg.getByRole("region", { name: SEASON }).waitFor();
    await screenshot(pg, "seasons", { widths });
    await pg.close();
  });

  it("is readable signed out like the ladder, and the ladder names the season going on or the next one", async () => {
    const pg = await kit.pageAs(null, PHONE.width);
    await pg.goto(url(`/seasons/${seasonId}`));
    await pg.getByRole("heading", { name: SEASON, level: 1 }).waitFor();
    await pg.getByRole("region", { name: "Grass Court" }).getByText(S.teamName).waitFor();
    await pg.goto(url("/ladder"));
    const line = pg.getByTestId("current-season");
    await line.filter({ hasText: /season/i }).waitFor();
    expect(await line.innerText()).toMatch(/No season is running\.|Between seasons|until/);
    await expectNoAxeViolations(pg);
    await pg.close();
  });

  it("the admin's Seasons card lists the season closed, and keeps a season that ends before it starts from being sent, with the product's message", async () => {
    const pg = await kit.pageAs("admin", PHONE.width);
    await pg.goto(url("/admin"));
    const list = pg.getByRole("list", { name: "Seasons" });
    await list.getByText(SEASON).waitFor();
    expect(await list.innerText()).toContain("Closed");
    const form = pg.getByRole("form", { name: "New season" });
    const today = clubDay(new Date(), DEFAULT_CLUB_TIMEZONE);
    await form.getByLabel("Name").fill("Overlapping Term");
    await form.getByLabel("First day").fill(addDays(today, 10));
    await form.getByLabel("Last day").fill(addDays(today, 5));
    await form.getByRole("button", { name: "Add Season" }).click();
    await form.getByText("The season must end after it starts.").waitFor();
    await expectNoAxeViolations(pg);
    for (const width of [SMALL_PHONE.width, PHONE.width, DESKTOP.width]) {
      await pg.setViewportSize({ width, height: 900 });
      await pg.getByRole("heading", { name: "Seasons", exact: true }).scrollIntoViewIfNeeded();
      await pg.locator("div.rounded-xl", { has: pg.getByRole("heading", { name: "Seasons", exact: true }) }).last().screenshot({ path: `e2e/screenshots/admin-seasons-card-${width}.png` });
    }
    await pg.close();
  });
});
