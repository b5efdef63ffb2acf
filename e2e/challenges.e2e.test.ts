// Challenges in a real browser: captain A challenges B from /challenge-teams, B's captain accepts on
// /challenges, each side's notification centre shows it, and a partner sees the captain-only notices. Demo data: alex (Thunderbirds, #2 on
// grass) may challenge gabe's Spin Doctors (#1); ben is alex's partner.
import { describe, expect, it } from "vitest";
import { format, addDays } from "date-fns";
import { DEMO, mail, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();

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

    // B's captain accepts it.
    const b = await kit.newPage({ width: 390 });
    await signInViaApi(b.context(), "gabe", DEMO.password);
    await b.goto(url("/challenges"));
    const card = b.getByRole("listitem").filter({ hasText: "Thunderbirds" }).filter({ hasText: "Text Alex at 604-555-0100" });
    await card.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => b.getByText("Challenge Updated").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getByText("Accepted").isVisible()).toBe(true);
    await mail.waitFor((m) => m.subject === "Spin Doctors accepted your challenge");
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
});
