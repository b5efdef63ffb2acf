// Results in a real browser: captain A reports through the API, B opens the link from the mail the
// SMTP sink caught and confirms (ratings move, history shows it) — and the same with a dispute.
// Demo data (server/db/seed.ts): quinn's Mixed Signals have an accepted challenge with uma's Deuce
// Bigalow; isla's Sand Storm one with maya's Court Jesters.
import { describe, expect, it } from "vitest";
import type { APIRequestContext } from "playwright-core";
import { DEMO, mail, tokenFromLink, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();

interface Team {
  id: number;
  name: string;
  rating: number;
  wins: number;
  losses: number;
}

async function reportAcceptedChallenge(request: APIRequestContext, opponentName: string) {
  const out = await request.get(url("/api/challenges/outgoing?limit=50"));
  expect(out.ok()).toBe(true);
  const body = (await out.json()) as { items: { id: number; status: string; location: string; challengerTeamId: number; challengedTeamId: number; opponent: { name: string } }[] };
  const challenge = body.items.find((c) => c.status === "accepted" && c.opponent.name === opponentName);
  if (!challenge) throw new Error(`no accepted challenge with ${opponentName}: ${JSON.stringify(body.items.map((c) => [c.opponent.name, c.status]))}`);
  const res = await request.post(url("/api/matches"), {
    data: {
      challengeId: challenge.id,
      team1Id: challenge.challengerTeamId,
      team2Id: challenge.challengedTeamId,
      winnerTeamId: challenge.challengerTeamId,
      score: "[[3,1],[1,3],[3,2]]",
      location: challenge.location,
      notes: "Close third set.",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { challenge, match: ((await res.json()) as { match: { id: number; team1: { id: number }; team2: { id: number } } }).match };
}

async function team(request: APIRequestContext, id: number): Promise<Team> {
  const res = await request.get(url(`/api/teams/${id}`));
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as Team | { team: Team };
  return "team" in body ? body.team : body;
}

/**
 * A demo captain, signed in on a desktop page, reports a win over `opponent`: the page, the match,
 * the opponent's team before it, and the token of the link `linkPath` in the mail with `subject`.
 */
async function reportWin(captain: string, opponent: string, subject: string, linkPath: string) {
  const a = await kit.newPage({ width: 1280 });
  await signInViaApi(a.context(), captain, DEMO.password);
  const { match } = await reportAcceptedChallenge(a.context().request, opponent);
  const before = await team(a.context().request, match.team2.id);
  const reported = await mail.waitFor((m) => m.subject === subject);
  return { a, match, before, token: tokenFromLink(reported, linkPath) };
}

describe("results", () => {
  it("A reports, B confirms from the emailed link: ratings move once and history shows the result", async () => {
    const { a, match, before, token } = await reportWin("quinn", "Deuce Bigalow", "Match result reported: Mixed Signals vs Deuce Bigalow", "/confirm-match/");

    // B follows the link without signing in (public page).
    const b = await kit.newPage({ width: 390 });
    await b.goto(url(`/confirm-match/${token}`));
    await b.getByRole("button", { name: "Confirm Match Result" }).waitFor();
    expect(await b.getByText("Challenge Match").isVisible()).toBe(true);
    expect(await b.getByText("Close third set.").isVisible()).toBe(true);
    await expectNoAxeViolations(b);
    await screenshot(b, "confirm-match");
    await b.getByRole("button", { name: "Confirm Match Result" }).click();
    await b.getByText("Match Confirmed!").waitFor();
    expect(await b.getByRole("link", { name: "Back to the ladder" }).isVisible()).toBe(true);
    await screenshot(b, "match-confirmed");

    // The link is now spent: the page says so, and the ratings moved exactly once.
    await b.goto(url(`/confirm-match/${token}`));
    await b.getByText("Match Already confirmed").waitFor();
    const after = await team(a.context().request, match.team2.id);
    expect(after.losses).toBe(before.losses + 1);
    expect(after.rating).toBeLessThan(before.rating);
    const again = await b.context().request.post(url(`/api/matches/confirm/${token}`), { data: {} });
    expect(again.status()).toBe(409);
    expect((await team(a.context().request, match.team2.id)).losses).toBe(before.losses + 1);

    // History: A's statistics and the match in My Matches as a win.
    await a.goto(url("/history"));
    await a.getByText("Your Statistics").waitFor();
    await a.getByRole("button", { name: "My Matches" }).click();
    const row = a.getByRole("row").filter({ hasText: "Deuce Bigalow" }).first();
    await row.waitFor();
    expect(await row.getByText("3-1 1-3 3-2").isVisible()).toBe(true);
    expect(await row.getByLabel("Win").isVisible()).toBe(true);
    await expectNoAxeViolations(a);
    await screenshot(a, "history");
  });

  it("A reports, B disputes from the emailed link: the reporter and the admin are told, ratings stay", async () => {
    const { a, match, before, token } = await reportWin("isla", "Court Jesters", "Match result reported: Sand Storm vs Court Jesters", "/dispute-match/");

    const b = await kit.newPage({ width: 390 });
    await b.goto(url(`/confirm-match/${token}`));
    await b.getByRole("link", { name: "Dispute Result" }).click();
    await b.waitForURL((u) => u.pathname === `/dispute-match/${token}`);
    await b.getByRole("button", { name: "Submit Dispute" }).click();
    await b.getByText("Please provide a detailed reason for the dispute (minimum 10 characters)").waitFor();
    await b.getByLabel("Reason for the dispute").fill("We won the second and third sets 3-1.");
    await expectNoAxeViolations(b);
    await screenshot(b, "dispute-match");
    await b.getByRole("button", { name: "Submit Dispute" }).click();
    await b.getByText("Match Disputed").waitFor();

    await mail.waitFor((m) => m.subject === "Match result disputed: Sand Storm vs Court Jesters" && /other team/.test(m.text));
    await mail.waitFor((m) => m.subject === "Match result disputed: Sand Storm vs Court Jesters" && /admin's review/.test(m.text));
    await b.goto(url(`/confirm-match/${token}`));
    await b.getByText("Match Already disputed").waitFor();
    const after = await team(a.context().request, match.team2.id);
    expect(after.rating).toBe(before.rating);
    expect(after.losses).toBe(before.losses);

    await b.goto(url("/confirm-match/not-a-real-token"));
    await b.getByText("Match Not Found").waitFor();
  });
});
