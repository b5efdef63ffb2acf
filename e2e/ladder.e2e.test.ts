// The ladder, the home page and the team profile in a real browser (issue 4): the ladder's filters on
// the demo data, a captain editing and saving the team profile, a partner without edit controls.
// Uses sam's Love All (Mixed Doubles; partner tara), which no other journey touches; the profile edit
// is undone through the API at the end so the demo data stays as it was.
import { describe, expect, it } from "vitest";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { COMPETITION_TYPES, SURFACES, SURFACE_LADDER_TITLES, SURFACE_TABLE_TITLES, type Surface } from "@shared/constants";
import type { Page as ApiPage } from "@shared/paging";
import type { TeamView } from "@shared/types/teams";
import { DEMO, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();
const CAPTAIN = "sam";
const PARTNER = "tara";
const TEAM = "Love All";

const WINS = { grass: "grassWins", beach: "beachWins", hardcourt: "hardcourtWins" } as const;
const LOSSES = { grass: "grassLosses", beach: "beachLosses", hardcourt: "hardcourtLosses" } as const;
const RATING = { grass: "grassRating", beach: "beachRating", hardcourt: "hardcourtRating" } as const;

async function signedIn(username: string, width = 1280): Promise<Page> {
  const page = await kit.newPage({ width });
  await signInViaApi(page.context(), username, DEMO.password);
  return page;
}

async function myTeam(request: APIRequestContext): Promise<TeamView> {
  const me = await request.get(url("/api/user"));
  expect(me.ok()).toBe(true);
  const { teamId } = (await me.json()) as { teamId: number | null };
  expect(teamId).not.toBeNull();
  const res = await request.get(url(`/api/teams/${teamId}`));
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as TeamView | { team: TeamView };
  return "team" in body ? body.team : body;
}

async function ladder(request: APIRequestContext, surface: Surface, competitionType?: string): Promise<TeamView[]> {
  const qs = new URLSearchParams({ surface, ...(competitionType ? { competitionType } : {}) });
  const res = await request.get(url(`/api/teams?${qs}`));
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ApiPage<TeamView>).items;
}

/**
 * The body rows of the ladder table titled `title`, once loaded, scrolled to as a reader would: a
 * table below the fold is not laid out (content-visibility), so its text has no innerText until then.
 */
async function rowsOf(page: Page, title: string): Promise<Locator> {
  const region = page.getByRole("region", { name: title, exact: true });
  await region.getByRole("table").waitFor();
  await region.scrollIntoViewIfNeeded();
  return region.locator("tbody tr");
}

/** Team names of the rows, in order (the name is the first span of the Team cell). */
async function namesOf(rows: Locator): Promise<string[]> {
  return rows.locator("td:nth-child(2) span.font-medium").allInnerTexts();
}

describe("the ladder", () => {
  it("all surfaces show three tables with a trophy and the user's own row; Beach shows one; a category filters", async () => {
    const page = await signedIn(CAPTAIN);
    const request = page.context().request;
    const team = await myTeam(request);
    await page.goto(url("/ladder"));
    await page.getByRole("heading", { name: "Ladder Rankings" }).waitFor();

    // All surfaces: Grass Court, Beach, Hardcourt, each in the server's order with #1 holding the trophy.
    for (const surface of SURFACES) {
      const rows = await rowsOf(page, SURFACE_TABLE_TITLES[surface]);
      const expected = await ladder(request, surface);
      expect(expected.length).toBeGreaterThan(1);
      await expect.poll(() => namesOf(rows)).toEqual(expected.map((t) => t.name));
      const trophies = page.getByRole("region", { name: SURFACE_TABLE_TITLES[surface], exact: true }).getByRole("img", { name: "First place" });
      expect(await trophies.count()).toBe(1);
      expect(await rows.first().getByRole("img", { name: "First place" }).count()).toBe(1);
      // The signed-in user's team is highlighted wherever it is ranked (it has played there).
      const own = rows.and(page.locator('[aria-current="true"]'));
      const played = team[WINS[surface]] + team[LOSSES[surface]] > 0;
      expect(await own.count(), `own row on ${surface}`).toBe(played ? 1 : 0);
      if (played) {
        expect(await own.innerText()).toContain(TEAM);
        expect(await own.getByText("Your team").isVisible()).toBe(true);
        // The rating's first line (a team with few matches has a "Provisional" marker below it).
        expect((await own.locator("td").nth(2).innerText()).split("\n")[0]).toBe(String(team[RATING[surface]]));
        expect(await own.locator("td").nth(3).innerText()).toBe(`${team[WINS[surface]]}-${team[LOSSES[surface]]}`);
      }
    }
    expect(SURFACES.some((s) => team[WINS[s]] + team[LOSSES[s]] > 0)).toBe(true);
    expect(await page.getByRole("table").count()).toBe(3);
    await expectNoAxeViolations(page);
    await screenshot(page, "ladder-all-surfaces");

    // One surface: one table with the location's title.
    await page.getByLabel("Surface Type").selectOption("beach");
    const beachRows = await rowsOf(page, SURFACE_LADDER_TITLES.beach);
    expect(SURFACE_LADDER_TITLES.beach).toBe("Jericho Beach Rankings");
    await expect.poll(() => page.getByRole("table").count()).toBe(1);
    for (const title of Object.values(SURFACE_TABLE_TITLES)) {
      expect(await page.getByRole("region", { name: title, exact: true }).count()).toBe(0);
    }
    await expect.poll(() => namesOf(beachRows)).toEqual((await ladder(request, "beach")).map((t) => t.name));

    // A category: only that category's teams, still ranked from 1.
    const category = COMPETITION_TYPES.find((c) => c === "Women's Doubles")!;
    await page.getByLabel("Competition Category").selectOption(category);
    const womens = (await ladder(request, "beach", category)).map((t) => t.name);
    expect(womens.length).toBeGreaterThan(0);
    await expect.poll(() => namesOf(beachRows)).toEqual(womens);
    const categories = await beachRows.locator("td:last-child").allInnerTexts();
    expect(categories.every((c) => c.trim() === category)).toBe(true);
    expect((await beachRows.locator("td:first-child").allInnerTexts()).map((r) => r.trim())).toEqual(womens.map((_, i) => String(i + 1)));
    expect(await beachRows.and(page.locator('[aria-current="true"]')).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "ladder-beach-womens");
  });
});

describe("the home page", () => {
  it("shows the user's team at a glance: rank, record and a rating per surface", async () => {
    const page = await signedIn(CAPTAIN, 390);
    const team = await myTeam(page.context().request);
    await page.goto(url("/"));
    // Signed in through the API in a new browser: greeted as on a first sign-in here.
    await page.getByRole("heading", { name: /^Welcome, Sam/ }).waitFor();
    const glance = page.locator("div").filter({ has: page.getByRole("heading", { name: TEAM, exact: true }) }).filter({ has: page.locator("dl") }).last();
    await glance.locator("dl").waitFor();
    const stat = (label: string) => glance.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd");
    expect(await stat("Rank").innerText()).toBe(team.rank === null ? "N/A" : `#${team.rank}`);
    expect(await stat("Record").innerText()).toBe(`${team.wins}-${team.losses}`);
    for (const [surface, label] of [["grass", "Grass"], ["beach", "Beach"], ["hardcourt", "Hardcourt"]] as const) {
      const text = await stat(label).innerText();
      expect(text).toContain(String(team[RATING[surface]]));
      expect(text).toContain(`${team[WINS[surface]]}-${team[LOSSES[surface]]} W-L`);
    }
    expect(await page.getByRole("link", { name: "Team profile" }).isVisible()).toBe(true);
    await page.getByRole("heading", { name: "Waiting for you" }).waitFor();
    await page.getByRole("heading", { name: "Recent results" }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "home");
  });
});

describe("the team profile", () => {
  it("a captain edits the profile and saves it; the values show and survive a reload", async () => {
    const page = await signedIn(CAPTAIN);
    const request = page.context().request;
    const original = await myTeam(request);
    const edited = { name: `${TEAM} Stars`, location: "Kitsilano Beach", bio: "Zero is just a start. Now with more lobs." };
    try {
      await page.goto(url("/profile"));
      await page.getByRole("heading", { name: TEAM, exact: true }).waitFor();
      await page.getByRole("heading", { name: "Court Performance" }).waitFor();
      await page.getByRole("heading", { name: "Team Members" }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "profile");

      await page.getByRole("button", { name: "Edit Profile" }).click();
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Save" }) });
      await form.getByLabel("Team name").fill(edited.name);
      await form.getByLabel("Location").fill(edited.location);
      await form.getByLabel("Bio").fill(edited.bio);
      expect(await page.getByRole("button", { name: "Delete Team" }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, "profile-edit");
      await form.getByRole("button", { name: "Save" }).click();

      await expect.poll(() => page.getByText("Profile Updated", { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => form.count()).toBe(0);
      const showsEdits = async () => {
        await page.getByRole("heading", { name: edited.name, exact: true }).waitFor();
        expect(await page.getByText(edited.location, { exact: true }).isVisible()).toBe(true);
        expect(await page.getByText(edited.bio, { exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: "Edit Profile" }).isVisible()).toBe(true);
      };
      await showsEdits();
      await page.reload();
      await showsEdits();
      const saved = await myTeam(request);
      expect({ name: saved.name, location: saved.location, bio: saved.bio }).toEqual(edited);

      // Cancel leaves the saved values alone.
      await page.getByRole("button", { name: "Edit Profile" }).click();
      await page.getByLabel("Team name").fill("Not saved");
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("heading", { name: edited.name, exact: true }).waitFor();
    } finally {
      const restore = await request.put(url(`/api/teams/${original.id}`), {
        data: { name: original.name, location: original.location, bio: original.bio },
      });
      expect(restore.status(), await restore.text()).toBe(200);
    }
  });

  it("a partner sees the team profile without Edit Profile or Delete Team, and the API refuses their edit", async () => {
    const page = await signedIn(PARTNER, 390);
    const team = await myTeam(page.context().request);
    expect(team.name).toBe(TEAM);
    await page.goto(url("/profile"));
    await page.getByRole("heading", { name: TEAM, exact: true }).waitFor();
    const members = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { name: "Team Members" }) })
      .filter({ has: page.getByRole("list") })
      .last();
    await expect.poll(() => members.getByText("Team Captain").isVisible()).toBe(true);
    expect(await members.getByText("Partner", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Edit Profile" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Delete Team" }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "profile-partner");

    const put = await page.context().request.put(url(`/api/teams/${team.id}`), { data: { name: "Hijacked" } });
    expect(put.status()).toBe(403);
    const del = await page.context().request.delete(url(`/api/teams/${team.id}`), { data: {} });
    expect(del.status()).toBe(403);
    expect((await myTeam(page.context().request)).name).toBe(TEAM);
  });
});
