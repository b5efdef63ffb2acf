// Waiting-work counts, email switches and the unsubscribe link in a real browser (docs/product.md,
// "Notification centre" and "Notification emails"): two new teams register (the admin's menu and
// home show the registrations), are approved, X challenges Y (Y's menu counts it); Y's captain turns
// challenge emails off on My Profile and the switch stays off after a reload; Y's partner follows
// the unsubscribe link of the challenge mail signed out, and the page turns that category off only
// on the button.
import { describe, expect, it } from "vitest";
import { DEMO, mail, url } from "./support/app";
import { adminApi, apiAs, approve, people, registerAndVerify, teamIdOf } from "./support/club";
import { clickSavingBox, DESKTOP, expectNoAxeViolations, heightFor, screenshot, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();
const person = people({ prefix: "nt", theme: "Bellringers", first: "Nora", partner: "Pip", password: "Player123" });

describe("notifications: waiting counts, email switches, unsubscribe", () => {
  it("counts what waits in the menu, keeps a switched-off category off, and unsubscribes by the mail's link", async () => {
    const x = person("x");
    const y = person("y");
    await registerAndVerify(x);
    await registerAndVerify(y);

    // The admin: registrations wait (menu count and home card).
    const admin = await kit.newPage(DESKTOP);
    await signInViaApi(admin.context(), DEMO.admin.username, DEMO.admin.password);
    await admin.goto(url("/"));
    const adminLink = admin.getByRole("link", { name: "Admin Panel", exact: true });
    await expect.poll(() => adminLink.getByTestId("waiting-count").isVisible(), { timeout: 10_000 }).toBe(true);
    // At least the two registrations made above (other journeys approve the demo's waiting ones meanwhile).
    expect(Number(await adminLink.getByTestId("waiting-count").textContent())).toBeGreaterThanOrEqual(2);
    await admin.getByRole("heading", { name: "Registrations to approve" }).waitFor();
    // The card lists the oldest few (other journeys may leave registrations waiting before these).
    await admin.getByText(/\) registered/).first().waitFor();
    await expectNoAxeViolations(admin);
    await screenshot(admin, "notifications-admin-home", { widths: [1280] });

    await approve(await adminApi(kit.browser()), [x.email, y.email]);
    const xApi = await apiAs(kit.browser(), x.username, x.password);
    const yTeamId = await teamIdOf(await apiAs(kit.browser(), y.username, y.password));
    const challenged = await xApi.post(url("/api/challenges"), {
      data: {
        challengedTeamId: yTeamId,
        location: "UBC grass",
        competitionType: "Mixed Doubles",
        notes: "Nora: 604-555-0123",
        proposedDateTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    });
    expect(challenged.status(), await challenged.text()).toBe(201);
    const challengeId = ((await challenged.json()) as { id: number }).id;

    // Y's captain: My Challenges counts the challenge, on the desktop sidebar and the phone menu.
    const yPage = await kit.newPage(DESKTOP);
    await signInViaApi(yPage.context(), y.username, y.password);
    await yPage.goto(url("/"));
    const challengesLink = yPage.getByRole("link", { name: "My Challenges", exact: true });
    await expect.poll(() => challengesLink.getByTestId("waiting-count").textContent(), { timeout: 10_000 }).toBe("1");
    await screenshot(yPage, "notifications-menu", { widths: [1280], fullPage: false });
    await yPage.setViewportSize({ width: 390, height: heightFor(390) });
    const menuButton = yPage.getByRole("button", { name: "Open menu" });
    await expect.poll(() => menuButton.getByTestId("waiting-count").textContent()).toBe("1");
    await screenshot(yPage, "notifications-menu-closed", { widths: [390], fullPage: false });
    await menuButton.click();
    const drawer = yPage.getByRole("dialog");
    await expect.poll(() => drawer.getByRole("link", { name: "My Challenges", exact: true }).getByTestId("waiting-count").textContent()).toBe("1");
    await screenshot(yPage, "notifications-menu-open", { widths: [390], fullPage: false });
    await yPage.keyboard.press("Escape");

    // My Profile → Notifications: challenges off, still off after a reload; results stay on.
    await yPage.setViewportSize(DESKTOP);
    await yPage.goto(url("/profile"));
    const section = yPage.locator("#notifications");
    const challengesBox = section.getByRole("checkbox", { name: /^Challenges/ });
    await challengesBox.waitFor();
    expect(await challengesBox.isChecked()).toBe(true);
    expect(await clickSavingBox(challengesBox)).toBe(false);
    await expect.poll(() => yPage.getByText("Notification Settings Saved").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await yPage.reload();
    await section.getByRole("checkbox", { name: /^Challenges/ }).waitFor();
    expect(await section.getByRole("checkbox", { name: /^Challenges/ }).isChecked()).toBe(false);
    expect(await section.getByRole("checkbox", { name: /^Results/ }).isChecked()).toBe(true);
    expect(await section.getByRole("checkbox", { name: /^Admin news/ }).count()).toBe(0);
    await expectNoAxeViolations(yPage);
    await section.scrollIntoViewIfNeeded();
    await screenshot(yPage, "profile-notifications", { widths: [320, 390, 1280] });

    // Y's partner follows the mail's link, signed out: the page asks; only the button unsubscribes.
    const challengeMail = await mail.waitFor((m) => m.to.includes(y.partnerEmail.toLowerCase()) && /challenge/i.test(m.subject));
    const link = challengeMail.links.find((l) => l.includes("/unsubscribe/"))!;
    expect(link).toBeTruthy();
    const visitor = await kit.newPage({ width: 390 });
    await visitor.goto(link);
    await visitor.getByRole("heading", { name: "Stop emails about challenges?" }).waitFor();
    await expectNoAxeViolations(visitor);
    await screenshot(visitor, "notifications-unsubscribe");
    await visitor.reload();
    await visitor.getByRole("heading", { name: "Stop emails about challenges?" }).waitFor();
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await visitor.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    await screenshot(visitor, "notifications-unsubscribed", { widths: [390] });
    const partnerPrefs = await (await apiAs(kit.browser(), y.username, y.password)).get(url(`/api/unsubscribe/${link.split("/unsubscribe/")[1]}`));
    expect(await partnerPrefs.json()).toEqual({ category: "challenges", emailOn: false });

    // A forged link: a clear refusal.
    await visitor.goto(url(`/unsubscribe/${link.split("/unsubscribe/")[1]!.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`));
    await visitor.getByRole("heading", { name: "Link not valid" }).waitFor();

    // In-app notifications are kept with the emails off: X cancels and challenges Y again twenty times;
    // Y's captain gets every notice (three pages), and the pager fits one line on a 320 px phone.
    expect((await xApi.delete(url(`/api/challenges/${challengeId}`))).status()).toBe(200);
    for (let i = 0; i < 20; i++) {
      const again = await xApi.post(url("/api/challenges"), {
        data: { challengedTeamId: yTeamId, location: "UBC grass", competitionType: "Mixed Doubles", notes: `Try ${i}`, proposedDateTime: new Date(Date.now() + 3 * 86_400_000).toISOString() },
      });
      expect(again.status(), await again.text()).toBe(201);
      expect((await xApi.delete(url(`/api/challenges/${((await again.json()) as { id: number }).id}`))).status()).toBe(200);
    }
    await yPage.setViewportSize({ width: 320, height: heightFor(320) });
    await yPage.goto(url("/notifications"));
    const pager = yPage.getByRole("navigation", { name: "Notification pages" });
    await pager.waitFor();
    expect(await yPage.getByRole("link", { name: /New challenge from/ }).count()).toBeGreaterThanOrEqual(9);
    const tops = await pager.getByRole("button").evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(tops).size, `pager rows at 320 px: ${tops.join(", ")}`).toBe(1);
    expect(await pager.getByRole("button", { name: "Next" }).isVisible()).toBe(true);
    await expectNoAxeViolations(yPage);
    await screenshot(yPage, "notifications-notifications-page", { widths: [320, 390, 1280] });
  });
});
