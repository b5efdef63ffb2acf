// Proposed times in a real browser (docs/product.md, "Proposed times"): a captain proposes three
// times from /challenge-teams, the other team's partner ticks which suit them, their captain accepts
// the second one, and the card and the calendar feed show it; then a reschedule moves it (the feed's
// event keeps its UID, SEQUENCE rises). Teams of its own, made through the API.
import { format, addDays } from "date-fns";
import { beforeAll, describe, expect, it } from "vitest";
import { mail, tokenFromLink, url } from "./support/app";
import { expectNoAxeViolations, screenshot, useBrowser } from "./support/browser";
import { joinClub, people, postJson, type Side } from "./support/club";
import { parseIcs } from "../tests/helpers/ical";

const kit = useBrowser();

const person = people({ prefix: "sl", theme: "Slots", first: "Morgan", partner: "Riley", password: "Slots1234" });
const S = person("s");
const T = person("t");
const T_PARTNER = { username: `${T.username}_p`, password: "Partner123" };
let s: Side;
let t: Side;

/** This browser's wall-clock date `days` ahead (the form's pickers read the viewer's zone). */
const dayIn = (days: number) => format(addDays(new Date(), days), "yyyy-MM-dd");
/** The instant the form sends for a date and time picked in this browser. */
const picked = (days: number, time: string) => new Date(`${dayIn(days)}T${time}:00`);

beforeAll(async () => {
  const club = await joinClub(kit.browser(), [S, T], [S, T]);
  [s, t] = [await club.side(S), await club.side(T)];
  // T's partner takes up the invitation, so all four can sign in.
  const invitation = await mail.waitFor((m) => m.to.includes(T.partnerEmail.toLowerCase()) && m.links.some((l) => l.includes("/accept-invite/")));
  const joined = await postJson(`/api/accept-invite/${tokenFromLink(invitation, "/accept-invite/")}`, T_PARTNER);
  expect(joined.status, joined.text).toBeLessThan(300);
}, 120_000);

describe("proposed times", () => {
  it("propose three times, the partner ticks them, the captain accepts the second: the card and the feed show it; a reschedule moves both", async () => {
    // Captain S proposes three times (18:00, 19:00, 20:00 in this browser: on the club's half-hour grid).
    const a = await kit.pageAs(S, 1280);
    await a.goto(url("/challenge-teams"));
    await a.getByRole("radio", { name: "Grass" }).click();
    await a.getByText("Schedule your match").waitFor();
    const times = [
      [3, "18:00"],
      [4, "19:00"],
      [5, "20:00"],
    ] as const;
    for (const [i, [days, time]] of times.entries()) {
      if (i > 0) await a.getByRole("button", { name: "Add a time" }).click();
      await a.getByLabel(`Date ${i + 1}`).fill(dayIn(days));
      await a.getByLabel(`Time ${i + 1}`).selectOption(time);
    }
    expect(await a.getByRole("button", { name: "Add a time" }).isDisabled()).toBe(true);
    await a.getByLabel("Contact information").fill("Text Morgan at 604-555-0142");
    await expectNoAxeViolations(a);
    await screenshot(a, "slots-propose-three", { widths: [320, 390, 1280] });
    await a.getByRole("row").filter({ hasText: T.teamName }).getByRole("button", { name: "Challenge" }).click();
    await expect.poll(() => a.getByText("Challenge sent!").first().isVisible(), { timeout: 10_000 }).toBe(true);
    const sent = await mail.waitFor((m) => m.to.includes(T.email.toLowerCase()) && m.subject === `New challenge from ${S.teamName}`);
    expect(sent.text).toContain("Proposed times (your captain accepts one):");

    // T's partner (a phone) ticks: can't at the first time, can at the second.
    const partner = await kit.pageAs(T_PARTNER, 390);
    await partner.goto(url("/challenges"));
    const partnerCard = partner.getByRole("listitem").filter({ hasText: S.teamName }).filter({ has: partner.getByTestId("proposed-times") }).first();
    const partnerTimes = partnerCard.getByTestId("proposed-time");
    await expect.poll(() => partnerTimes.count(), { timeout: 10_000 }).toBe(3);
    // A partner answers for themself but cannot accept.
    expect(await partnerCard.getByRole("button", { name: "Accept this time" }).count()).toBe(0);
    await partnerTimes.nth(0).getByRole("button", { name: "Can't" }).click();
    await expect.poll(() => partnerTimes.nth(0).getByRole("button", { name: "Can't" }).getAttribute("aria-pressed")).toBe("true");
    await partnerTimes.nth(1).getByRole("button", { name: "Can play" }).click();
    await expect.poll(() => partnerTimes.nth(1).getByRole("button", { name: "Can play" }).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => partnerTimes.nth(1).getByText("1 of 4 can play").isVisible()).toBe(true);
    await expectNoAxeViolations(partner);
    await screenshot(partner, "slots-partner-ticks", { widths: [320, 390, 1280] });

    // T's captain sees who ticked what, and accepts the second time.
    const b = await kit.pageAs(T, 1280);
    await b.goto(url("/challenges"));
    const card = b.getByRole("listitem").filter({ hasText: S.teamName }).filter({ has: b.getByTestId("proposed-times") }).first();
    const second = card.getByTestId("proposed-time").nth(1);
    await second.waitFor();
    const answers = second.getByRole("list", { name: "Answers" });
    await expect.poll(() => answers.innerText()).toContain(T.partnerName);
    expect(await card.getByTestId("proposed-time").nth(0).getByRole("list", { name: "Answers" }).innerText()).toContain("can't play");
    const secondText = (await second.innerText()).split("\n")[0]!.replace(/^2\. /, "");
    expect(secondText).toContain("at 7:00 PM");
    await screenshot(b, "slots-captain-choose", { widths: [390, 1280] });
    await second.getByRole("button", { name: "Accept this time" }).click();
    const dialog = b.getByRole("alertdialog", { name: `Accept ${secondText}?` });
    await dialog.getByLabel("Your contact (optional)").fill("Riley's captain: 604-555-0177");
    await expectNoAxeViolations(b);
    await dialog.getByRole("button", { name: "Accept Challenge" }).click();
    await expect.poll(() => b.getByText("Challenge Updated").first().isVisible(), { timeout: 10_000 }).toBe(true);
    const acceptedCard = b.locator(`li[id^="challenge-"]`).filter({ hasText: S.teamName }).first();
    await expect.poll(() => acceptedCard.getByText("Accepted").isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await acceptedCard.innerText()).toContain(secondText);
    expect(await acceptedCard.getByTestId("proposed-times").count()).toBe(0);
    await expectNoAxeViolations(b);
    await screenshot(b, "slots-accepted-card", { widths: [320, 390, 1280] });

    // The feed (T's captain's) holds the match at the second time.
    const made = await b.context().request.post(url("/api/calendar-feed"), { data: {} });
    expect(made.status()).toBe(200);
    const feedUrl = ((await made.json()) as { url: string }).url;
    const feed = async () => parseIcs(await (await b.context().request.get(feedUrl)).text()).events;
    const [event] = await feed();
    expect(event).toMatchObject({ sequence: 0, status: "CONFIRMED" });
    expect(event!.start.toISOString()).toBe(picked(4, "19:00").toISOString());

    // S's captain proposes to move it; the old time stands until T's captain accepts the new one.
    await a.goto(url("/challenges"));
    const outgoing = a.locator(`li[id^="challenge-"]`).filter({ hasText: T.teamName }).first();
    await outgoing.getByRole("button", { name: "Reschedule" }).click();
    const move = a.getByRole("dialog", { name: "Reschedule the match" });
    await move.getByLabel("Date 1").fill(dayIn(6));
    await move.getByLabel("Time 1").selectOption("18:30");
    await expectNoAxeViolations(a);
    await screenshot(a, "slots-reschedule-dialog", { fullPage: false, widths: [320, 390, 1280] });
    await move.getByRole("button", { name: "Propose new times" }).click();
    await expect.poll(() => a.getByText("Times Proposed").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => outgoing.getByRole("button", { name: "Withdraw new times" }).isVisible()).toBe(true);
    expect((await feed())[0]!.start.toISOString()).toBe(picked(4, "19:00").toISOString());

    await b.reload();
    const moved = b.locator(`li[id^="challenge-"]`).filter({ hasText: S.teamName }).first();
    await moved.getByRole("button", { name: "Accept this time" }).click();
    await expect.poll(() => b.getByText("Match Rescheduled").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => moved.getByTestId("proposed-times").count()).toBe(0);
    const [after] = await feed();
    expect(after).toMatchObject({ uid: event!.uid, sequence: 1, status: "CONFIRMED" });
    expect(after!.start.toISOString()).toBe(picked(6, "18:30").toISOString());
    await mail.waitFor((m) => m.to.includes(S.email.toLowerCase()) && m.subject === `${T.teamName} accepted the new time of your match`);
    expect(s.teamId).not.toBe(t.teamId);
  });
});
