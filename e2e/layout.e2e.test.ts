// Long names never break the layout (issue 14, item 1): a club whose teams use the longest names,
// emails and free texts the app accepts (team names of 100 characters, one a single unbroken word,
// one of 89; names of 100; emails of 253; match notes, dispute reasons, bio, location and
// suspension reasons at their limits) is shown on every screen and in every dialog at 320, 390 and
// 1280 px: the page is never wider than the viewport, nothing scrolls sideways, every dialog fits,
// and the dialogs' main buttons stay on screen.
import crypto from "node:crypto";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTACT_NOTES_MAX, DISPUTE_REASON_MAX } from "@shared/constants";
import { NOTES_MAX } from "@shared/validators/matches";
import { mail, tokenFromLink, url } from "./support/app";
import { expectNoAxeViolations, heightFor, screenshot, useBrowser } from "./support/browser";
import { accept, challenge, fill, joinClub, longestRegistration, postJson, report, unbroken } from "./support/club";
import { expectFitsAt, expectOnScreen, WIDTHS } from "./support/layout";

const kit = useBrowser();
const id = crypto.randomBytes(2).toString("hex");

const A = longestRegistration({
  teamName: unbroken(100, `Backhandvolleyers${id}`),
  captainName: unbroken(100, "Maximilianaaurelia"),
  partnerName: fill("Bartholomew Fitzgerald-Worthington", 100),
});
const B = longestRegistration({
  teamName: fill(`The Extraordinarily Persistent Baseline Defenders of Jericho ${id}`, 89),
  captainName: fill("Alexandrina Konstantinopoulou-Vanderbilt", 100),
  partnerName: unbroken(100, "Wolfgangamadeus"),
});
const C = longestRegistration({
  teamName: fill(`Sunset Smashers ${id} Doubles Club of the Jericho Beach`, 100),
  captainName: fill("Guinevere Montgomery-Saint-Clair", 100),
  partnerName: fill("Percival Archibald Huntington", 100),
});
/** Registered, never verified: the verify-email page shows the longest address. */
const E = longestRegistration({
  teamName: unbroken(100, `Unverifiedteam${id}`),
  captainName: unbroken(100, "Bartholomaeus"),
  partnerName: unbroken(100, "Maximiliane"),
});
/** Registered and verified, not approved: the admin's pending list; then suspended with a long reason. */
const D = longestRegistration({
  teamName: unbroken(100, `Pendingapproval${id}`),
  captainName: unbroken(100, "Konstantinos"),
  partnerName: unbroken(100, "Evangelina"),
});

const LONG = {
  contact: unbroken(CONTACT_NOTES_MAX, "Textmeat6045550100"),
  notes: unbroken(NOTES_MAX, "Closethirdsetonthebeach"),
  reason: unbroken(DISPUTE_REASON_MAX, "Thesecondsetwas3to1forus"),
  bio: unbroken(1000, "Weplaydoubleseverythursday"),
  location: unbroken(200, "Jerichobeachcourtnumberseven"),
  suspension: unbroken(500, "Repeatednoshowsatthecourts"),
};

let admin: APIRequestContext;
let confirmToken: string;

const as = kit.pageAs;

/** The screen as it is now fits at every width; then one screenshot per width. */
async function expectScreenFits(page: Page, screen: string): Promise<void> {
  for (const width of WIDTHS) await expectFitsAt(page, width, screen);
  await screenshot(page, `layout-${screen}`, { widths: WIDTHS });
}

/**
 * A dialog opened by `open` fits at every width, and `button` (its main action) is on screen; one
 * screenshot of the open dialog per width.
 */
async function expectDialogFits(page: Page, screen: string, open: () => Promise<Locator>, button: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heightFor(width) });
    const dialog = await open();
    await dialog.waitFor();
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await expectFitsAt(page, width, screen);
    await expectOnScreen(page, dialog.getByRole("button", { name: button, exact: true }), `${screen}: ${button}`);
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, `layout-${screen}`, { fullPage: false, widths: [width] });
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
  }
}

beforeAll(async () => {
  const club = await joinClub(kit.browser(), [A, B, C, D], [A, B, C]);
  admin = club.admin;
  const side = club.side;
  const [a, b, c] = [await side(A), await side(B), await side(C)];

  // A beat B on grass (confirmed: both on the grass ladder, in history with W/L).
  const ab = await challenge(a, b, "grass", LONG.contact);
  await accept(b, ab);
  const won = await report(a, b, ab, "grass", LONG.notes);
  const approved = await b.request.post(url(`/api/matches/${won.id}/approve`), { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);

  // A reports a win over C on the beach; C disputes it with the longest reason (admin's list).
  const ac = await challenge(a, c, "beach", LONG.contact);
  await accept(c, ac);
  const disputed = await report(a, c, ac, "beach", LONG.notes);
  const dispute = await c.request.post(url(`/api/matches/${disputed.id}/dispute`), { data: { reason: LONG.reason } });
  expect(dispute.status(), await dispute.text()).toBe(200);

  // B reports a win over C on hardcourt: waiting for C (approval card, confirm and dispute links).
  const bc = await challenge(b, c, "hardcourt", LONG.contact);
  await accept(c, bc);
  await report(b, c, bc, "hardcourt", LONG.notes);
  const reported = await mail.waitFor(
    (m) => m.to.includes(C.email.toLowerCase()) && m.subject.includes(B.teamName) && m.links.some((l) => l.includes("/confirm-match/")),
  );
  confirmToken = tokenFromLink(reported, "/confirm-match/");

  // A challenges B again and B accepts (A's Report Result); C challenges A (A's incoming, pending).
  await accept(b, await challenge(a, b, "grass", LONG.contact));
  await challenge(c, a, "beach", LONG.contact);

  // A's profile with the longest bio and location.
  const profile = await a.request.put(url(`/api/teams/${a.teamId}`), {
    data: { name: A.teamName, bio: LONG.bio, location: LONG.location, preferredCourtSurface: "beach" },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  // D's captain: pending approval, and suspended with the longest reason.
  const pending = await admin.get(url("/api/admin/pending-users?limit=100"));
  const dCaptain = ((await pending.json()) as { items: { id: number; email: string }[] }).items.find((u) => u.email === D.email);
  expect(dCaptain).toBeDefined();
  const suspended = await admin.post(url(`/api/admin/users/${dCaptain!.id}/suspend`), { data: { reason: LONG.suspension } });
  expect(suspended.status(), await suspended.text()).toBe(200);
}, 180_000);

describe("long names at 320, 390 and 1280 px", () => {
  it("a captain's screens: home, ladder, challenge teams, my challenges, history, profile", async () => {
    const page = await as(A);
    await page.goto(url("/"));
    await page.getByRole("heading", { name: A.teamName }).waitFor();
    await expectScreenFits(page, "home");

    await page.goto(url("/ladder"));
    await page.getByRole("region", { name: "Grass Court" }).getByText(A.teamName).waitFor();
    await expectScreenFits(page, "ladder");

    await page.goto(url("/challenge-teams"));
    await page.getByRole("radio", { name: "Grass" }).click();
    await page.getByText("Schedule your match").waitFor();
    await page.getByText(B.teamName).filter({ visible: true }).first().waitFor();
    await expectScreenFits(page, "challenge-teams");

    await page.goto(url("/challenges"));
    await page.getByText(C.teamName).filter({ visible: true }).first().waitFor();
    await expectScreenFits(page, "my-challenges");
    // A name cut to its lines is whole on hover and on focus (ClampedText): measured once laid out.
    await page.setViewportSize({ width: 390, height: heightFor(390) });
    const cutName = page.locator(`[title="${C.teamName}"]`).filter({ visible: true }).first();
    await expect.poll(() => cutName.count(), { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await cutName.getAttribute("tabindex")).toBe("0");
    expect(await cutName.textContent()).toBe(C.teamName);
    const outgoing = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Report Result" }) });
    await expectDialogFits(
      page,
      "report-result",
      async () => {
        await outgoing.getByRole("button", { name: "Report Result" }).click();
        return page.getByRole("dialog", { name: "Report Result" });
      },
      "Submit Result",
    );

    await page.goto(url("/history"));
    await page.getByText("Your Statistics").waitFor();
    await page.getByRole("button", { name: "My Matches" }).click();
    await page.getByText(C.teamName).filter({ visible: true }).first().waitFor();
    await expectScreenFits(page, "history");

    await page.goto(url("/profile"));
    await page.getByText(LONG.location).waitFor();
    await expectScreenFits(page, "profile");
    await expectDialogFits(
      page,
      "delete-team",
      async () => {
        await page.getByRole("button", { name: "Delete Team" }).click();
        return page.getByRole("alertdialog");
      },
      "Delete Team",
    );
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expectScreenFits(page, "profile-edit");
    await expectNoAxeViolations(page);
  });

  it("the opponent's approval card and its Dispute dialog", async () => {
    const page = await as(C);
    await page.goto(url("/challenges"));
    await page.getByRole("heading", { name: "Matches Awaiting Approval" }).waitFor();
    await expectScreenFits(page, "my-challenges-approval");
    const item = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Approve" }) }).first();
    await expectDialogFits(
      page,
      "dispute-dialog",
      async () => {
        await item.getByRole("button", { name: "Dispute" }).click();
        return page.getByRole("alertdialog");
      },
      "Submit Dispute",
    );
  });

  it("the emailed confirm and dispute pages", async () => {
    const page = await kit.newPage({ width: 390 });
    await page.goto(url(`/confirm-match/${confirmToken}`));
    await page.getByRole("button", { name: "Confirm Match Result" }).waitFor();
    await expectScreenFits(page, "confirm-match");
    await page.goto(url(`/dispute-match/${confirmToken}`));
    await page.getByRole("button", { name: "Submit Dispute" }).waitFor();
    await expectScreenFits(page, "dispute-match");
  });

  it("the public pages: sign-in and register, verification, reset, 404", async () => {
    const page = await kit.newPage({ width: 390 });
    for (const [path, ready, screen] of [
      ["/auth", "Forgot Password?", "auth-login"],
      ["/auth?tab=register", "Your Information", "auth-register"],
      ["/email-verification-pending", "Back to Login", "verification-pending"],
      ["/verify-success", "Email Verified!", "verify-success"],
      [`/reset-password/${"x".repeat(43)}`, "Reset Password", "reset-password"],
      ["/no-such-page", "404 Page Not Found", "not-found"],
    ] as const) {
      await page.goto(url(path));
      await page.getByText(ready, { exact: false }).first().waitFor();
      await expectScreenFits(page, screen);
    }
  });

  it("the partner's invitation page and the verify-email page of an unverified member", async () => {
    const invitation = await mail.waitFor((m) => m.to.includes(A.partnerEmail.toLowerCase()) && m.links.some((l) => l.includes("/accept-invite/")));
    const page = await kit.newPage({ width: 390 });
    await page.goto(url(`/accept-invite/${tokenFromLink(invitation, "/accept-invite/")}`));
    await page.getByRole("button", { name: "Join Team" }).waitFor();
    await expectScreenFits(page, "accept-invite");

    const registered = await postJson("/api/register-team", { ...E, verifyEmail: true });
    expect(registered.status, registered.text).toBeLessThan(300);
    // The account is made after the answer (enumeration rule): its verification mail says it exists.
    await mail.waitFor((m) => m.to.includes(E.email.toLowerCase()) && m.links.some((l) => l.includes("/verify-email/")));
    const unverified = await as(E, 390);
    await unverified.goto(url("/verify-email"));
    await unverified.getByRole("button", { name: "Resend Verification Email" }).waitFor();
    await expectScreenFits(unverified, "verify-email");
  });

  it("the phone menu and the confirmations that name a team", async () => {
    const page = await as(A, 390);
    await page.goto(url("/challenges"));
    await page.getByText(C.teamName).filter({ visible: true }).first().waitFor();
    for (const width of WIDTHS.filter((w) => w < 768)) {
      await page.setViewportSize({ width, height: heightFor(width) });
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog");
      await menu.getByRole("link", { name: "My Profile" }).waitFor();
      await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await expectFitsAt(page, width, "phone-menu");
      await screenshot(page, "layout-phone-menu", { fullPage: false, widths: [width] });
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.count()).toBe(0);
    }
    const outgoing = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Cancel Challenge" }) }).first();
    await expectDialogFits(
      page,
      "cancel-challenge",
      async () => {
        await outgoing.getByRole("button", { name: "Cancel Challenge" }).click();
        return page.getByRole("alertdialog");
      },
      "Cancel Challenge",
    );
  });

  it("the admin panel: pending registrations, teams, disputes, recent matches and their dialogs", async () => {
    const page = await as("admin");
    await page.goto(url("/admin"));
    await page.getByRole("heading", { name: "Pending User Registrations" }).waitFor();
    await page.getByRole("searchbox", { name: "Search teams" }).fill(id);
    await page.getByRole("heading", { name: D.teamName }).waitFor();
    await page.getByText(LONG.reason.slice(0, 30)).first().waitFor();
    await expectScreenFits(page, "admin");

    const disputes = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Review Details" }) });
    await expectDialogFits(
      page,
      "admin-dispute-review",
      async () => {
        await disputes.filter({ hasText: A.teamName }).first().getByRole("button", { name: "Review Details" }).click();
        return page.getByRole("dialog", { name: "Dispute Details" });
      },
      "Resolve Dispute",
    );
    const team = page.locator("li").filter({ has: page.getByRole("heading", { name: B.teamName }) }).first();
    await expectDialogFits(
      page,
      "admin-suspend",
      async () => {
        await team.getByRole("button", { name: `Suspend ${B.name}` }).click();
        return page.getByRole("alertdialog");
      },
      "Suspend",
    );
    await expectNoAxeViolations(page);
  });
});
