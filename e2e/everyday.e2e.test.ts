// Everyday use (issue 14): what a club meets in its first week, in a real browser. A disputed result
// is labelled so and has no W/L; the profile counts '1 win'; the rating chart's labels are readable;
// a first sign-in says 'Welcome'; the Register tab survives a refresh; the bio has a counter; a
// header image whose preview fails is not saved; '2.5' as a set score says whole numbers; the
// confirm page names the match date; a team awaiting approval is told so; a suspended member is told
// why on the sign-in page, once, and the toast never covers the Login button; Challenge Teams gives
// its reasons as text on a phone. Works on teams of its own, made through the API.
import crypto from "node:crypto";
import type { APIRequestContext, Locator } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatLongDate } from "@/lib/format";
import type { MatchView } from "@shared/types/matches";
import { mail, tokenFromLink, url } from "./support/app";
import { expectNoAxeViolations, heightFor, screenshot, signInViaForm, useBrowser } from "./support/browser";
import { accept, challenge, joinClub, people, playApproved, report, type Side } from "./support/club";
import { WIDTHS } from "./support/layout";

const kit = useBrowser();
const id = crypto.randomBytes(3).toString("hex");

const person = people({ prefix: "ev", theme: "Everyday", first: "Robin", partner: "Sasha", password: "Everyday123" });

/** P and Q play each other; R waits for approval; S gets suspended while signed in. */
const P = person("p");
const Q = person("q");
const R = person("r");
const S = person("s");

let p: Side;
let q: Side;
let admin: APIRequestContext;
/** P's win over Q that Q approved (it counts), and the one Q disputed. */
let counted: MatchView;
let disputed: MatchView;
/** P's challenge to Q on hardcourt, accepted: the Report Result dialog, then the confirm page. */
let open: number;

const page = kit.pageAs;

const visible = (locator: Locator) => locator.filter({ visible: true }).first();

beforeAll(async () => {
  const club = await joinClub(kit.browser(), [P, Q, R, S], [P, Q, S]);
  admin = club.admin;
  const side = club.side;
  [p, q] = [await side(P), await side(Q)];

  // P beats Q on grass and Q approves: a result that counts.
  counted = await playApproved(p, q, "grass", { challenge: "Text P", report: "Good game" });

  // P reports a win on the beach; Q disputes it.
  const beach = await challenge(p, q, "beach", "Text P");
  await accept(q, beach);
  disputed = await report(p, q, beach, "beach", "Close one");
  const res = await q.request.post(url(`/api/matches/${disputed.id}/dispute`), { data: { reason: "We won the last set 3-1." } });
  expect(res.status(), await res.text()).toBe(200);
}, 120_000);

describe("results", () => {
  it("a disputed result is labelled Disputed on both teams' challenge cards and in history, with no W/L until it counts", async () => {
    for (const who of [P, Q]) {
      const pg = await page(who, 390);
      await pg.goto(url("/challenges"));
      const card = pg.getByRole("listitem").filter({ hasText: who === P ? Q.teamName : P.teamName }).filter({ has: pg.getByText("Disputed", { exact: true }) });
      await card.first().waitFor();
      expect(await card.first().getByText("Waiting for Approval").count()).toBe(0);
    }

    const pg = await page(P, 1280);
    await pg.goto(url("/history"));
    await pg.getByRole("button", { name: "My Matches" }).click();
    const row = pg.getByRole("row").filter({ hasText: Q.teamName });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(2);
    const disputedRow = row.filter({ has: pg.getByText("Disputed", { exact: true }) });
    expect(await disputedRow.count()).toBe(1);
    expect(await disputedRow.getByLabel(/^(Win|Loss)$/).count()).toBe(0);
    // The result Q approved counts: it is a win.
    const counts = row.filter({ hasNot: pg.getByText("Disputed", { exact: true }) });
    expect(await counts.getByLabel("Win").count()).toBe(1);
    await expectNoAxeViolations(pg);
    await screenshot(pg, "everyday-history-disputed", { widths: WIDTHS });
  });

  it("the profile says '1 win, 0 losses'; the rating chart's labels are readable and its one date is not repeated", async () => {
    const pg = await page(P, 390);
    await pg.goto(url("/profile"));
    await pg.getByText("1 win, 0 losses").waitFor();
    const grass = pg.locator("div").filter({ has: pg.getByRole("heading", { name: "Grass", exact: true }) }).filter({ has: pg.getByRole("img") }).last();
    const dates = grass.locator('[data-axis="date"]');
    // One match: one date under the chart, not the same date at both ends.
    await expect.poll(() => dates.allInnerTexts()).toEqual([formatDate(counted.matchDate)]);
    for (const width of WIDTHS) {
      await pg.setViewportSize({ width, height: heightFor(width) });
      const sizes = await grass.locator("[data-axis]").evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize) * (el.getBoundingClientRect().height > 0 ? 1 : 0)));
      expect(sizes.length).toBeGreaterThan(1);
      for (const size of sizes) expect(size, `axis label at ${width} px`).toBeGreaterThanOrEqual(12);
    }
    await screenshot(pg, "everyday-profile", { widths: WIDTHS });
  });

  it("'2.5' as a set score says scores are whole numbers; Challenge Teams shows why a team cannot be challenged, as text on a phone", async () => {
    open = await challenge(p, q, "hardcourt", "Text P");
    await accept(q, open);
    const pg = await page(P, 390);
    await pg.goto(url("/challenges"));
    const card = pg.getByRole("listitem").filter({ has: pg.getByRole("button", { name: "Report Result" }) }).first();
    await card.getByRole("button", { name: "Report Result" }).click();
    const dialog = pg.getByRole("dialog", { name: "Report Result" });
    await dialog.getByRole("radio", { name: P.teamName }).check();
    await dialog.getByRole("spinbutton", { name: `Set 1: ${P.teamName} score` }).fill("2.5");
    await dialog.getByRole("spinbutton", { name: `Set 1: ${Q.teamName} score` }).fill("3");
    await dialog.getByRole("button", { name: "Submit Result" }).click();
    await dialog.getByText("Scores must be whole numbers from 0 to 3.").waitFor();
    expect(await dialog.getByText("Please enter scores for all sets.").count()).toBe(0);
    await pg.keyboard.press("Escape");

    await pg.goto(url("/challenge-teams"));
    await pg.getByRole("radio", { name: "Hardcourt" }).click();
    const item = visible(pg.getByRole("listitem").filter({ hasText: Q.teamName }));
    await item.waitFor();
    // The reason is on screen as text, next to the disabled button: no hover needed.
    const reason = item.getByText("Already an active challenge with this team");
    expect(await reason.isVisible()).toBe(true);
    expect(await item.getByRole("button", { name: /^Challenge/ }).isDisabled()).toBe(true);
    await screenshot(pg, "everyday-challenge-teams", { widths: WIDTHS });
    // Each reason is the description of its own button (the cards and the table each have theirs).
    await expectNoAxeViolations(pg);
  });

  it("the confirm page shows the match date and, apart, when and by whom the result was reported", async () => {
    const reported = await report(p, q, open, "hardcourt", "Reported for the confirm page");
    const link = await mail.waitFor(
      (m) => m.subject === `Match result reported: ${P.teamName} vs ${Q.teamName}` && m.to.includes(Q.email) && m.text.includes("Reported for the confirm page"),
    );
    const pg = await kit.newPage({ width: 390 });
    await pg.goto(url(`/confirm-match/${tokenFromLink(link, "/confirm-match/")}`));
    await pg.getByRole("button", { name: "Confirm Match Result" }).waitFor();
    const term = (name: string) => pg.locator("dt").filter({ hasText: new RegExp(`^${name}$`) });
    expect(await term("Date").count()).toBe(0);
    expect(await term("Match date").locator("xpath=following-sibling::dd[1]").innerText()).toBe(formatLongDate(reported.matchDate));
    expect(await term("Reported").locator("xpath=following-sibling::dd[1]").innerText()).toContain(`by ${P.name}`);
    await screenshot(pg, "everyday-confirm-match", { widths: WIDTHS });
  });
});

describe("accounts", () => {
  it("a first sign-in says 'Welcome', the next one 'Welcome back'", async () => {
    const pg = await kit.newPage({ width: 390 });
    await signInViaForm(pg, Q.username, Q.password);
    await visible(pg.getByText(`Welcome, ${Q.name}!`)).waitFor();
    await pg.getByRole("heading", { name: `Welcome, Robin` }).waitFor();
    await pg.getByRole("button", { name: /menu/i }).click();
    await pg.getByRole("button", { name: "Logout" }).click();
    await pg.waitForURL((u) => u.pathname === "/auth");
    await signInViaForm(pg, Q.username, Q.password);
    await visible(pg.getByText(`Welcome back, ${Q.name}!`)).waitFor();
    await pg.getByRole("heading", { name: `Welcome back, Robin` }).waitFor();
  });

  it("the Register tab is in the address and survives a refresh", async () => {
    const pg = await kit.newPage({ width: 390 });
    await pg.goto(url("/auth"));
    await pg.getByRole("tab", { name: "Register" }).click();
    await pg.waitForURL((u) => u.searchParams.get("tab") === "register");
    await pg.reload();
    await expect.poll(() => pg.getByRole("tab", { name: "Register" }).getAttribute("aria-selected")).toBe("true");
    await pg.locator("form[aria-label=Register]").getByRole("textbox", { name: "Team name" }).waitFor();
    await pg.getByRole("tab", { name: "Login" }).click();
    await pg.waitForURL((u) => !u.searchParams.has("tab"));
  });

  it("a team awaiting approval is told so on Home and Challenge Teams, and gets no scheduling form", async () => {
    const pg = await page(R, 390);
    await pg.goto(url("/"));
    await pg.getByText("Your team is awaiting approval").waitFor();
    await screenshot(pg, "everyday-home-awaiting-approval", { widths: WIDTHS });
    await pg.goto(url("/challenge-teams"));
    await pg.getByText("Your team is awaiting approval", { exact: true }).first().waitFor();
    await pg.getByRole("radio", { name: "Grass" }).click();
    await pg.getByLabel("Competition category").selectOption("Mixed Doubles");
    await visible(pg.getByRole("listitem").filter({ hasText: P.teamName })).waitFor();
    expect(await pg.getByText("Schedule your match").count()).toBe(0);
    expect(await pg.getByRole("button", { name: /^Challenge/ }).filter({ visible: true }).count()).toBe(0);
    await expectNoAxeViolations(pg);
    await screenshot(pg, "everyday-challenge-teams-awaiting-approval", { widths: WIDTHS });
  });

  it("a suspended member with an open session is sent to sign-in and told why, once and punctuated; the toast never covers Login", async () => {
    const member = await kit.newPage({ width: 390 });
    await signInViaForm(member, S.username, S.password);
    await member.getByRole("heading", { name: /^Welcome/ }).waitFor();

    const users = await admin.get(url(`/api/admin/teams?search=${encodeURIComponent(S.username)}`));
    const sMember = ((await users.json()) as { items: { members: { id: number; username: string | null }[] }[] }).items[0]!.members.find(
      (m) => m.username === S.username,
    )!;
    expect((await admin.post(url(`/api/admin/users/${sMember.id}/suspend`), { data: { reason: "Repeated no-shows" } })).status()).toBe(200);

    // The member's next step in the open tab: the session is gone, the sign-in page says why.
    await member.getByRole("button", { name: /menu/i }).click();
    await member.getByRole("link", { name: "My Challenges", exact: true }).click();
    await member.waitForURL((u) => u.pathname === "/auth", { timeout: 15_000 });
    const why = `Your account has been suspended. Reason: Repeated no-shows. Please contact the administrator at`;
    const alert = member.getByRole("alert").filter({ hasText: why });
    await alert.waitFor();
    expect(await alert.innerText()).toContain("Account Suspended");
    await expectNoAxeViolations(member);
    await screenshot(member, "everyday-signed-out-suspended", { widths: WIDTHS });

    // Signing in again: the reason is written once on the page (the toast only names it), and the
    // toast stays clear of the Login button at every width.
    for (const width of WIDTHS) {
      await member.setViewportSize({ width, height: heightFor(width) });
      const form = member.getByRole("form", { name: "Login" });
      await form.getByLabel("Username", { exact: true }).fill(S.username);
      await form.getByLabel("Password", { exact: true }).fill(S.password);
      await form.getByRole("button", { name: "Login" }).click();
      const toast = member.locator("[data-state=open]").filter({ hasText: "Login failed" }).last();
      await toast.waitFor();
      await expect.poll(() => member.getByText(/Your account has been suspended\./).count()).toBe(1);
      expect(await toast.innerText()).toContain("Account Suspended");
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      // Where the member looks for it: the button scrolled into view (to the bottom edge on a small phone).
      await form.getByRole("button", { name: "Login" }).scrollIntoViewIfNeeded();
      const [t, b] = [await toast.boundingBox(), await form.getByRole("button", { name: "Login" }).boundingBox()];
      const overlaps = t!.x < b!.x + b!.width && b!.x < t!.x + t!.width && t!.y < b!.y + b!.height && b!.y < t!.y + t!.height;
      expect(overlaps, `toast ${JSON.stringify(t)} over Login ${JSON.stringify(b)} at ${width} px`).toBe(false);
      await screenshot(member, `everyday-login-suspended-${width}`, { widths: [width], fullPage: false });
      await toast.getByRole("button", { name: "Close" }).click();
    }
  });
});

describe("profile and admin", () => {
  it("the bio counts its characters as they are typed", async () => {
    const pg = await page(P, 390);
    await pg.goto(url("/profile"));
    await pg.getByRole("button", { name: "Edit Profile" }).click();
    const bio = pg.getByRole("textbox", { name: "Bio" });
    await bio.fill("We play on Thursdays.");
    await pg.getByText("21/1000").waitFor();
    await screenshot(pg, "everyday-profile-edit", { widths: WIDTHS });
  });

  it("a header image whose preview fails is not saved: the admin is told why", async () => {
    const before = await (await admin.get(url("/api/settings/header-image"))).json();
    const pg = await page("admin", 1280);
    await pg.goto(url("/admin"));
    const header = pg.locator("div").filter({ has: pg.getByRole("heading", { name: "Header Image" }) }).filter({ has: pg.getByRole("button", { name: "Edit" }) }).last();
    await header.getByRole("button", { name: "Edit" }).click();
    // A page, not an image: the browser cannot show it.
    await pg.getByLabel("Image URL").fill(url(`/not-an-image-${id}.png`));
    await pg.getByText("The image could not be loaded from this URL").waitFor();
    await pg.getByRole("button", { name: "Save", exact: true }).click();
    await pg.getByText(/This URL does not load an image/).waitFor();
    expect(await (await admin.get(url("/api/settings/header-image"))).json()).toEqual(before);
    await screenshot(pg, "everyday-header-image-refused", { widths: WIDTHS });
  });
});
