// Challenges in a real browser: captain A challenges B from /challenge-teams, B's captain accepts on
// /challenges, each side's notification centre shows it, and a partner sees the captain-only notices. Demo data: alex (Thunderbirds, #2 on
// grass) may challenge gabe's Spin Doctors (#1); ben is alex's partner.
import { describe, expect, it } from "vitest";
import { format, addDays } from "date-fns";
import { DEMO, mail, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";
import type { Page } from "playwright-core";

const kit = useBrowser();

/**
 * A tab that does not hear live updates (its stream refused; decision 025): it keeps showing what
 * it loaded, as a tab left open on a bad connection would, so its late action meets "already done".
 */
async function withoutLiveUpdates(page: Page): Promise<void> {
  await page.route("**/api/events*", (route) =>
    route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Live updates off in this tab." }) }),
  );
}

describe("challenges", () => {
  it("captain A challenges B, B's captain accepts, and A's partner sees the captain-only notices", async () => {
    // Captain A sends the challenge.
    const a = await kit.newPage({ width: 1280 });
    await signInViaApi(a.context(), "alex", DEMO.password);
    await a.goto(url("/challenge-teams"));
    await a.getByRole("radio", { name: "Grass" }).click();
    await a.getByText("Schedule your match").waitFor();
    await a.getByLabel("Date").fill(format(addDays(new Date(), 3), "yyyy-MM-dd"));
    await a.getByLabel("Time").selectOption("18:00");
    await a.getByLabel("Contact information").fill("Text Alex at 604-555-0100");
    await expect.poll(() => a.getByText("25/200").isVisible()).toBe(true);
    await screenshot(a, "challenge-teams");
    await expectNoAxeViolations(a);
    const row = a.getByRole("row").filter({ hasText: "Spin Doctors" });
    await row.getByRole("button", { name: "Challenge" }).click();
    await expect.poll(() => a.getByText("Challenge sent!").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await mail.waitFor((m) => m.subject === "New challenge from Thunderbirds");

    // B's captain accepts it, with a contact note, double-clicking; a second tab left open accepts too.
    const b = await kit.newPage({ width: 390 });
    await signInViaApi(b.context(), "gabe", DEMO.password);
    const stale = await b.context().newPage();
    await withoutLiveUpdates(stale);
    const cardIn = (page: typeof b) => page.getByRole("listitem").filter({ hasText: "Thunderbirds" }).filter({ hasText: "Text Alex at 604-555-0100" });
    await stale.goto(url("/challenges"));
    await cardIn(stale).getByRole("button", { name: "Accept" }).waitFor();
    await b.goto(url("/challenges"));
    const card = cardIn(b);
    await card.getByRole("button", { name: "Accept" }).click();
    const dialog = b.getByRole("alertdialog", { name: "Accept this challenge?" });
    await dialog.getByLabel("Your contact (optional)").fill("Gabe: 604-555-0199 after 5 PM");
    await screenshot(b, "accept-challenge-dialog", { fullPage: false, widths: [320, 390, 1280] });
    await expectNoAxeViolations(b);
    await dialog.getByRole("button", { name: "Accept Challenge" }).dblclick();
    await expect.poll(() => b.getByText("Challenge Updated").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getByText("Accepted").isVisible()).toBe(true);
    expect(await card.getByText("Gabe: 604-555-0199 after 5 PM").isVisible()).toBe(true);
    const accepted = await mail.waitFor((m) => m.subject === "Spin Doctors accepted your challenge");
    expect(accepted.text).toContain("Their contact: Gabe: 604-555-0199 after 5 PM");
    // The stale tab's Accept meets "already accepted by your side": it reads as done, not failed.
    await cardIn(stale).getByRole("button", { name: "Accept" }).click();
    await stale.getByRole("alertdialog", { name: "Accept this challenge?" }).getByRole("button", { name: "Accept Challenge" }).click();
    await expect.poll(() => stale.getByText("Challenge Updated").first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await stale.getByText("Action Failed").count()).toBe(0);
    expect(await b.getByText("Action Failed").count()).toBe(0);
    await screenshot(b, "my-challenges-captain");

    // A's bell counts the answer; opening the notification marks it read and goes to My Challenges.
    await a.goto(url("/ladder"));
    const bell = a.getByRole("link", { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    const unread = Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1]);
    await bell.click();
    const item = a.getByRole("link", { name: /Spin Doctors accepted your challenge/ }).first();
    await item.waitFor();
    await expectNoAxeViolations(a);
    await screenshot(a, "notifications");
    await item.click();
    await a.waitForURL(/\/challenges$/);
    const after = unread - 1 === 0 ? "Notifications" : `Notifications, ${unread - 1} unread`;
    await expect.poll(() => a.getByRole("link", { name: after, exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    // B's phone header has a bell too, counting the challenge B received.
    await b.goto(url("/notifications"));
    await b.getByRole("link", { name: /New challenge from Thunderbirds/ }).first().waitFor();
    await screenshot(b, "notifications");

    // A's partner sees the challenge accepted, no buttons, and the captain-only notice.
    const p = await kit.newPage({ width: 390 });
    await signInViaApi(p.context(), DEMO.partners[0], DEMO.password);
    await p.goto(url("/challenges"));
    const outgoing = p.getByRole("listitem").filter({ hasText: "Spin Doctors" }).filter({ hasText: "Text Alex at 604-555-0100" });
    await outgoing.waitFor();
    expect(await outgoing.getByRole("button", { name: "Cancel Challenge" }).count()).toBe(0);
    expect(await outgoing.getByText("Only your team captain can cancel challenges").isVisible()).toBe(true);
    expect(await outgoing.getByRole("link", { name: "Add to calendar" }).isVisible()).toBe(true);
    await expectNoAxeViolations(p);
    await screenshot(p, "my-challenges-partner");
    await p.goto(url("/challenge-teams"));
    await expect.poll(() => p.getByText("Only team captains can send challenges.").isVisible()).toBe(true);
    await expect.poll(() => p.getByText("Captain only").first().isVisible()).toBe(true);
  });

  it("A withdraws a wrong result and reports the right one; B approves it twice (double click, a stale tab) and sees success", async () => {
    // The challenge the first test accepted: Thunderbirds (alex) vs Spin Doctors (gabe).
    const a = await kit.newPage({ width: 390 });
    await signInViaApi(a.context(), "alex", DEMO.password);
    const outgoing = await a.context().request.get(url("/api/challenges/outgoing?limit=50"));
    const items = ((await outgoing.json()) as { items: { id: number; status: string; location: string; challengerTeamId: number; challengedTeamId: number; opponent: { name: string } }[] }).items;
    const ch = items.find((c) => c.status === "accepted" && c.opponent.name === "Spin Doctors")!;
    const report = (winnerTeamId: number, score: string) =>
      a.context().request.post(url("/api/matches"), {
        data: { challengeId: ch.id, team1Id: ch.challengerTeamId, team2Id: ch.challengedTeamId, winnerTeamId, score, location: ch.location, notes: null },
      });
    expect((await report(ch.challengedTeamId, "[[1,3],[2,3]]")).status()).toBe(201);

    await a.goto(url("/challenges"));
    const card = a.getByRole("listitem").filter({ hasText: "Spin Doctors" }).filter({ has: a.getByRole("button", { name: "Withdraw Result" }) });
    await card.getByRole("button", { name: "Withdraw Result" }).click();
    const dialog = a.getByRole("alertdialog", { name: "Withdraw the reported result?" });
    await screenshot(a, "withdraw-result-dialog", { fullPage: false, widths: [320, 390, 1280] });
    await dialog.getByRole("button", { name: "Withdraw Result" }).click();
    await expect.poll(() => a.getByText("Result Withdrawn").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await mail.waitFor((m) => m.subject === "Result withdrawn: Thunderbirds vs Spin Doctors");
    await expect.poll(() => a.getByRole("button", { name: "Report Result" }).first().isVisible()).toBe(true);
    expect((await report(ch.challengerTeamId, "[[3,1],[3,2]]")).status()).toBe(201);

    const b = await kit.newPage({ width: 390 });
    await signInViaApi(b.context(), "gabe", DEMO.password);
    const stale = await b.context().newPage();
    // It still shows the card after the other tab approved: its Approve meets "already done".
    await withoutLiveUpdates(stale);
    const approveIn = (page: typeof b) => page.getByRole("listitem").filter({ hasText: "Thunderbirds" }).getByRole("button", { name: "Approve" });
    await stale.goto(url("/challenges"));
    await approveIn(stale).waitFor();
    await b.goto(url("/challenges"));
    // The answers to this tab's two calls reach it only after its list has dropped the result (read
    // again after the live update the ranks' refresh sends): the card that called is gone by then,
    // and the member must still be told (lib/mutation.ts: a call's callbacks survive that).
    await b.route("**/api/matches/*/approve", async (route) => {
      const response = await route.fetch();
      await expect.poll(() => approveIn(b).count(), { timeout: 30_000 }).toBe(0);
      await route.fulfill({ response });
    });
    await approveIn(b).dblclick();
    await expect.poll(() => b.getByText("Match Approved").first().isVisible(), { timeout: 30_000 }).toBe(true);
    await b.unrouteAll({ behavior: "wait" });
    await approveIn(stale).click();
    await expect.poll(() => stale.getByText("Match Approved").first().isVisible(), { timeout: 30_000 }).toBe(true);
    for (const page of [b, stale]) expect(await page.getByText("Failed to Approve Match").count()).toBe(0);
  });
});
