// Seeing other teams (issue 14, items 12 and 13): a team's name on the ladder, the challenge lists,
// history and head-to-head opens its read-only profile (/teams/{id}: no Edit or Delete, no emails
// of another team's members); /ladder is readable signed out with a call to sign in, until an admin
// turns that off in System Settings (then /auth as before). Teams of its own, made through the API.
import type { APIRequestContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, url } from "./support/app";
import { clickSavingBox, expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";
import { challenge, joinClub, people, playApproved, type Side } from "./support/club";
import { expectFitsAt, WIDTHS } from "./support/layout";

const kit = useBrowser();

const person = people({ prefix: "vis", theme: "Visible", first: "Jordan", partner: "Casey", password: "Visible123" });

/** V beats W on grass (W approves): both are on the grass ladder; W has an open challenge to V. */
const V = person("v");
const W = person("w");
let v: Side;
let w: Side;
let admin: APIRequestContext;

const page = kit.pageAs;

beforeAll(async () => {
  const club = await joinClub(kit.browser(), [V, W], [V, W]);
  admin = club.admin;
  const side = club.side;
  [v, w] = [await side(V), await side(W)];
  await playApproved(v, w, "grass", { challenge: "Text V", report: "Good game" });
  await challenge(w, v, "beach", "Text W");
}, 120_000);

afterAll(async () => {
  // Whatever a test did, the ladder is left readable signed out (the default).
  await admin?.post(url("/api/settings/public-ladder"), { data: { enabled: true } });
});

describe("other teams' profiles", () => {
  it("a ladder row opens the other team's read-only profile: no Edit or Delete, no emails; the own team opens My Profile", async () => {
    const pg = await page(W);
    await pg.goto(url("/ladder"));
    await pg.getByLabel("Competition Category").selectOption("Mixed Doubles");
    await pg.getByLabel("Surface Type").selectOption("grass");
    await pg.getByRole("link", { name: V.teamName }).first().click();
    await pg.waitForURL((u) => u.pathname === `/teams/${v.teamId}`);
    await pg.getByText("Team Members").waitFor();
    await pg.getByText(V.name).first().waitFor();
    const text = await pg.locator("main").innerText();
    expect(text).toContain(V.teamName);
    expect(text).toContain(V.partnerName);
    expect(text).not.toContain(V.email);
    expect(text).not.toContain(V.partnerEmail);
    expect(await pg.getByRole("button", { name: "Edit Profile" }).count()).toBe(0);
    expect(await pg.getByRole("button", { name: "Delete Team" }).count()).toBe(0);
    expect(await pg.title()).toContain(V.teamName);
    await expectNoAxeViolations(pg);
    for (const width of WIDTHS) await expectFitsAt(pg, width, "another team's profile");
    await screenshot(pg, "visibility-team-profile", { widths: WIDTHS });

    // Its head-to-head links to W's own profile, which opens as My Profile.
    await pg.getByRole("link", { name: W.teamName }).first().click();
    await pg.waitForURL((u) => u.pathname === "/profile");
    await pg.getByRole("button", { name: "Edit Profile" }).waitFor();
  });

  it("the team's own members and an admin see its members' emails there", async () => {
    const pg = await page(null);
    await signInViaApi(pg.context(), DEMO.admin.username, DEMO.admin.password);
    await pg.goto(url(`/teams/${v.teamId}`));
    await pg.getByText(V.email).waitFor();
    await pg.getByText(V.partnerEmail).waitFor();
    expect(await pg.getByRole("button", { name: "Edit Profile" }).count()).toBe(0);
  });

  it("history, the challenge lists and Challenge Teams link each team name to its profile", async () => {
    const pg = await page(W, 390);
    await pg.goto(url("/history"));
    await pg.getByRole("button", { name: "My Matches" }).click();
    await pg.getByRole("link", { name: V.teamName }).filter({ visible: true }).first().waitFor();
    await pg.goto(url("/challenges"));
    await pg.getByRole("link", { name: V.teamName }).filter({ visible: true }).first().waitFor();
    await pg.goto(url("/challenge-teams"));
    await pg.getByRole("link", { name: V.teamName }).filter({ visible: true }).first().click();
    await pg.waitForURL((u) => u.pathname === `/teams/${v.teamId}`);
    await pg.goto(url("/teams/999999999"));
    await pg.getByText("Team not found").waitFor();
  });
});

describe("which rank, which rating", () => {
  it("Challenge Teams says which ladder a rank is on, the same number the ladder shows with the category chosen; the mean is 'Team rating', the overall 'Overall ELO'", async () => {
    const pg = await page(W, 390);
    await pg.goto(url("/ladder"));
    await pg.getByLabel("Competition Category").selectOption("Mixed Doubles");
    await pg.getByLabel("Surface Type").selectOption("grass");
    const ladderRow = pg.getByRole("row").filter({ hasText: V.teamName }).first();
    await ladderRow.waitFor();
    const rank = (await ladderRow.getByRole("cell").first().innerText()).trim();
    expect(rank).toMatch(/^\d+$/);

    await pg.goto(url("/challenge-teams"));
    await pg.getByRole("radio", { name: "Grass" }).click();
    const note = `Rank #${rank} of Mixed Doubles on Grass`;
    await pg.getByText(note, { exact: true }).filter({ visible: true }).first().waitFor();
    await pg.getByText(/Your team is rank #\d+ of Mixed Doubles on Grass\./).first().waitFor();
    await expectNoAxeViolations(pg);
    for (const width of WIDTHS) await expectFitsAt(pg, width, "Challenge Teams with ranks");
    await screenshot(pg, "visibility-challenge-teams-rank", { widths: WIDTHS });

    await pg.goto(url(`/teams/${v.teamId}`));
    await pg.getByText("Team rating", { exact: true }).waitFor();
    expect(await pg.getByText("Rating", { exact: true }).filter({ visible: true }).count()).toBe(1); // the Grass card's only
    await pg.goto(url("/challenges"));
    await pg.getByText("Team rating").filter({ visible: true }).first().waitFor();
    await pg.goto(url("/history"));
    await pg.getByRole("columnheader", { name: "Overall ELO" }).waitFor();
  });
});

describe("the signed-out ladder", () => {
  it("a visitor reads /ladder (names, ratings, W-L, no emails) with a call to sign in; names do not link", async () => {
    const pg = await page(null, 390);
    await pg.goto(url("/ladder"));
    await pg.getByRole("heading", { name: "Ladder Rankings" }).waitFor();
    expect(new URL(pg.url()).pathname).toBe("/ladder");
    await pg.getByLabel("Competition Category").selectOption("Mixed Doubles");
    await pg.getByLabel("Surface Type").selectOption("grass");
    // The filters re-render the table: wait for the row as the chosen ladder shows it (W-L 1-0),
    // not for a row of the table the page showed before.
    const row = pg.getByRole("row").filter({ hasText: V.teamName }).filter({ hasText: /1-0/ });
    await row.first().waitFor();
    expect(await row.first().textContent()).toMatch(/1-0/);
    expect(await pg.getByRole("link", { name: V.teamName }).count()).toBe(0);
    const text = await pg.locator("main").innerText();
    expect(text).not.toContain(V.email);
    expect(text).not.toContain("@example.test");
    await expectNoAxeViolations(pg);
    for (const width of WIDTHS) await expectFitsAt(pg, width, "the signed-out ladder");
    await screenshot(pg, "visibility-signed-out-ladder", { widths: WIDTHS });
    await pg.getByRole("link", { name: "Sign in to challenge" }).click();
    await pg.waitForURL((u) => u.pathname === "/auth");
  });

  it("the admin turns it off in System Settings: a visitor opening /ladder goes to /auth; on again, the ladder is back", async () => {
    const adminPage = await page(null);
    await signInViaApi(adminPage.context(), DEMO.admin.username, DEMO.admin.password);
    await adminPage.goto(url("/admin"));
    const box = adminPage.getByLabel("Ladder visible without signing in");
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    expect(await clickSavingBox(box)).toBe(false);
    await adminPage.getByText("Settings Updated").first().waitFor();
    const card = adminPage.getByRole("heading", { name: "System Settings" }).locator("xpath=ancestor::*[contains(@class,'rounded')][1]");
    await expectNoAxeViolations(adminPage);
    await card.scrollIntoViewIfNeeded();
    await screenshot(adminPage, "visibility-system-settings", { widths: WIDTHS, fullPage: false });

    const visitor = await page(null, 390);
    await visitor.goto(url("/ladder"));
    await visitor.waitForURL((u) => u.pathname === "/auth");

    await adminPage.reload();
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    expect(await clickSavingBox(box)).toBe(true);
    await adminPage.getByText("Settings Updated").first().waitFor();
    const again = await page(null, 390);
    await again.goto(url("/ladder"));
    await again.getByRole("link", { name: "Sign in to challenge" }).waitFor();
  });
});
