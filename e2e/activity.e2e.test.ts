// Away and activity in a real browser (docs/product.md, "Away", "Activity"): ethan's Baseline Bros
// (no other journey uses them) mark themselves away on My Profile's Away card; the ladder and gabe's
// Challenge Teams show 'Away until …' and refuse a challenge; the demo's inactive team (Volley Llamas,
// server/db/seed.ts) is listed below the ranked teams without a rank. The away time is cancelled at
// the end, so the demo data stays as it was for the other journeys.
import { describe, expect, it } from "vitest";
import { SURFACES, SURFACE_LOCATIONS, SURFACE_TABLE_TITLES } from "@shared/constants";
import type { Page as ApiPage } from "@shared/paging";
import type { TeamView } from "@shared/types/teams";
import type { TeamAwayView } from "@shared/types/away";
import { addDays, formatDay } from "@shared/time";
import { DEMO, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";
import { WIDTHS } from "./support/layout";

const kit = useBrowser();
const AWAY_TEAM = "Baseline Bros";
const INACTIVE_TEAM = "Volley Llamas";

describe("away and activity", () => {
  it("an away team shows 'Away until …' and cannot be challenged; an inactive team is listed below without a rank", async () => {
    const ethan = await kit.newPage({ width: 1280 });
    await signInViaApi(ethan.context(), "ethan", DEMO.password);
    const me = (await (await ethan.context().request.get(url("/api/user"))).json()) as { teamId: number };
    const before = (await (await ethan.context().request.get(url(`/api/teams/${me.teamId}/away`))).json()) as TeamAwayView;
    const lastDay = addDays(before.today, 3);
    const until = `Away until ${formatDay(lastDay)}`;

    // The captain sets the away time on My Profile.
    await ethan.goto(url("/profile"));
    const card = ethan.getByRole("region", { name: "Away" });
    await card.getByLabel("First day away").fill(before.today);
    await card.getByLabel("Last day away").fill(lastDay);
    await card.getByRole("button", { name: "Set Away" }).click();
    await expect.poll(() => ethan.getByText("Away Set").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await card.getByRole("button", { name: "Cancel Away" }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(ethan, "away-card", { widths: WIDTHS });
    await expectNoAxeViolations(ethan);

    // The ladder marks both teams.
    const gabe = await kit.newPage({ width: 1280 });
    await signInViaApi(gabe.context(), "gabe", DEMO.password);
    const request = gabe.context().request;
    const ladderOf = async (surface: string) =>
      ((await (await request.get(url(`/api/teams?surface=${surface}`))).json()) as ApiPage<TeamView>).items;
    const surface = (await Promise.all(SURFACES.map(async (s) => [s, await ladderOf(s)] as const))).find(([, items]) =>
      items.some((v) => v.name === AWAY_TEAM),
    )![0];
    const items = await ladderOf(surface);
    expect(items.find((v) => v.name === AWAY_TEAM)).toMatchObject({ awayUntil: lastDay, inactive: false });
    const inactiveRows = items.filter((v) => v.inactive);
    expect(inactiveRows.map((v) => v.name)).toContain(INACTIVE_TEAM);
    expect(items.slice(items.length - inactiveRows.length).every((v) => v.inactive && v.surfaceRank === null)).toBe(true);

    await gabe.goto(url(`/ladder`));
    const region = gabe.getByRole("region", { name: SURFACE_TABLE_TITLES[surface], exact: true });
    await region.getByRole("table").waitFor();
    await region.scrollIntoViewIfNeeded();
    const awayRow = region.locator("tbody tr").filter({ hasText: AWAY_TEAM });
    await expect.poll(() => awayRow.getByText(until).isVisible()).toBe(true);
    const inactiveRow = region.locator("tbody tr").filter({ hasText: INACTIVE_TEAM });
    expect(await inactiveRow.getByText("Inactive", { exact: true }).isVisible()).toBe(true);
    expect(await inactiveRow.getByLabel("No rank").isVisible()).toBe(true);
    await screenshot(gabe, "ladder-activity", { widths: WIDTHS });
    await expectNoAxeViolations(gabe);

    // Challenging the away team is refused, on the table and by the API.
    await gabe.goto(url("/challenge-teams"));
    await gabe.getByRole("radio", { name: surface === "grass" ? "Grass" : surface === "beach" ? "Beach" : "Hardcourt" }).click();
    const candidate = gabe.getByRole("row").filter({ hasText: AWAY_TEAM });
    await expect.poll(() => candidate.getByText(until).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await candidate.getByRole("button", { name: "Challenge" }).isDisabled()).toBe(true);
    await screenshot(gabe, "challenge-teams-away", { widths: WIDTHS });
    const refused = await request.post(url("/api/challenges"), {
      data: {
        challengedTeamId: me.teamId,
        location: SURFACE_LOCATIONS[surface],
        competitionType: "Men's Doubles",
        notes: "Text Gabe at 604-555-0199",
        proposedDateTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(`${AWAY_TEAM} is away until ${formatDay(lastDay)} and cannot be challenged until then.`);

    // The captain cancels: the team can be challenged again.
    await ethan.reload();
    await ethan.getByRole("region", { name: "Away" }).getByRole("button", { name: "Cancel Away" }).click();
    await expect.poll(() => ethan.getByText("Away Canceled").first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await ladderOf(surface)).find((v) => v.name === AWAY_TEAM)!.awayUntil).toBeNull();
  });
});
