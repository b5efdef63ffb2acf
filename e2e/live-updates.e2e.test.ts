// Live updates in real browsers (docs/decisions/025-live-updates.md): two captains, each in a browser
// context of their own. A challenges B, and B's bell counts it without a reload; B accepts, and A's
// My Challenges shows it accepted without a reload; A reports the result, and B's approval card
// appears without a reload. "Without a reload": a mark set on each page's window is still there.
import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { NotificationsPage } from "@shared/types/notifications";
import { url } from "./support/app";
import { screenshot, useBrowser } from "./support/browser";
import { challenge, joinClub, people, report, type Side } from "./support/club";

const kit = useBrowser();
const person = people({ prefix: "lv", theme: "Live", first: "Kim", partner: "Noor", password: "LiveUpdate123" });
const A = person("a");
const B = person("b");
let a: Side;
let b: Side;

const visible = (locator: Locator) => locator.filter({ visible: true }).first();
/** The bell's unread count (0 when it shows none). */
const bellCount = async (page: Page) => {
  const label = (await visible(page.getByRole("link", { name: /^Notifications/ })).getAttribute("aria-label")) ?? "";
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};
/**
 * The bell's count once it has loaded: the member's unread count on the server, shown by the bell
 * (which shows none until its first answer, so reading it too early counts 0 and not what is there).
 */
const settledBellCount = async (page: Page, side: Side) => {
  const res = await side.request.get(url("/api/notifications?limit=1"));
  expect(res.status()).toBe(200);
  const { unreadCount } = (await res.json()) as NotificationsPage;
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(unreadCount);
  return unreadCount;
};
/** Marks the page's document: a reload (or a full navigation) loses the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);

beforeAll(async () => {
  const { side } = await joinClub(kit.browser(), [A, B], [A, B]);
  [a, b] = [await side(A), await side(B)];
}, 120_000);

describe("live updates", () => {
  it("A challenges B: B's bell counts it; B accepts: A's My Challenges shows it; A reports: B's approval card appears — no reloads", async () => {
    // B on the ladder (phone width: the bell of the phone header).
    const bPage = await kit.pageAs(B, 390);
    await bPage.goto(url("/ladder"));
    await visible(bPage.getByRole("link", { name: /^Notifications/ })).waitFor();
    await bPage.getByRole("heading", { level: 1 }).first().waitFor();
    const before = await settledBellCount(bPage, b);
    await markDocument(bPage);
    await screenshot(bPage, "live-bell-before", { fullPage: false, widths: [390] });

    // A challenges B (through A's session).
    const challengeId = await challenge(a, b, "grass", "Text Kim at 604-555-0142");
    await expect.poll(() => bellCount(bPage), { timeout: 15_000 }).toBe(before + 1);
    expect(await stillSameDocument(bPage)).toBe(true);
    await screenshot(bPage, "live-bell", { fullPage: false });

    // A watches My Challenges: the challenge is pending.
    const aPage = await kit.pageAs(A, 1280);
    await aPage.goto(url("/challenges"));
    const aCard = aPage.getByRole("listitem").filter({ hasText: B.teamName });
    await aCard.getByText("Pending", { exact: true }).first().waitFor();
    const aBefore = await settledBellCount(aPage, a);
    await markDocument(aPage);

    // B accepts on their My Challenges.
    await bPage.goto(url("/challenges"));
    const bCard = bPage.getByRole("listitem").filter({ hasText: A.teamName });
    await bCard.getByRole("button", { name: "Accept" }).click();
    await bPage.getByRole("alertdialog", { name: "Accept this challenge?" }).getByRole("button", { name: "Accept Challenge" }).click();
    await expect.poll(() => bPage.getByText("Challenge Updated").first().isVisible(), { timeout: 10_000 }).toBe(true);

    // A's card turns to Accepted and A's bell counts the answer, without a reload.
    await aCard.getByText("Accepted", { exact: true }).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => bellCount(aPage), { timeout: 15_000 }).toBe(aBefore + 1);
    expect(await stillSameDocument(aPage)).toBe(true);
    await screenshot(aPage, "live-challenge-accepted");

    // A reports a win; B's approval card appears on the page B has open.
    await markDocument(bPage);
    await report(a, b, challengeId, "grass", "Well played");
    await visible(bPage.getByRole("button", { name: "Approve" })).waitFor({ timeout: 15_000 });
    expect(await stillSameDocument(bPage)).toBe(true);
  });
});
