// Admin journeys in a real browser: approve a pending registration, suspend and unsuspend a member
// (their open session stops working), soft-delete and restore a team, resolve a match dispute,
// download a backup and restore it. Works on its own freshly registered team, and the dispute on
// kara's Drop Shot Queens vs olivia's Rally Cats, so the demo data other journeys use stays as it was.
import crypto from "node:crypto";
import fs from "node:fs";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SURFACE_LOCATIONS } from "@shared/constants";
import { MATCH_MESSAGES } from "@shared/validators/matches";
import type { MatchView } from "@shared/types/matches";
import type { TeamView } from "@shared/types/teams";
import { DEMO, mail, tokenFromLink, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();
const id = crypto.randomBytes(3).toString("hex");
const captain = { username: `e2ecap_${id}`, password: "Captain123", email: `e2ecap_${id}@example.test`, name: `Casey ${id}` };
const teamName = `E2E Admins ${id}`;

async function registerTeam(): Promise<void> {
  const res = await fetch(url("/api/register-team"), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(url("/")).origin },
    body: JSON.stringify({
      ...captain,
      competitionType: "Mixed Doubles",
      teamName,
      partnerName: `Pat ${id}`,
      partnerEmail: `e2epar_${id}@example.test`,
      verifyEmail: true,
    }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const verification = await mail.waitFor((m) => m.to.includes(captain.email) && m.links.some((l) => l.includes("/verify-email/")));
  const token = tokenFromLink(verification, "/verify-email/");
  const verified = await fetch(url(`/api/verify-email/${token}`), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(url("/")).origin },
    body: "{}",
  });
  expect(verified.status).toBeLessThan(300);
}

async function openAdmin(width = 1280): Promise<Page> {
  const page = await kit.newPage({ width });
  await signInViaApi(page.context(), DEMO.admin.username, DEMO.admin.password);
  await page.goto(url("/admin"));
  await page.getByRole("heading", { name: "Manage Teams" }).waitFor();
  return page;
}

async function toast(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.getByText(title, { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

async function signedInRequest(username: string): Promise<APIRequestContext> {
  const page = await kit.newPage({ width: 390 });
  await signInViaApi(page.context(), username, DEMO.password);
  return page.context().request;
}

async function teamOf(request: APIRequestContext): Promise<TeamView> {
  const me = await request.get(url("/api/user"));
  const { teamId } = (await me.json()) as { teamId: number };
  const res = await request.get(url(`/api/teams/${teamId}`));
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as TeamView | { team: TeamView };
  return "team" in body ? body.team : body;
}

/**
 * A disputed match through the API, as the app makes one: one captain challenges the other (the
 * higher-ranked one challenges, as the reach rule allows), the other accepts, the challenger reports
 * a win and the opponent disputes it in the app.
 */
async function disputedMatch(captains: [string, string], reason: string) {
  type Side = { request: APIRequestContext; team: TeamView };
  let [from, to] = (await Promise.all(
    captains.map(async (username) => {
      const request = await signedInRequest(username);
      return { request, team: await teamOf(request) };
    }),
  )) as [Side, Side];
  const send = (a: Side, b: Side) =>
    a.request.post(url("/api/challenges"), {
      data: {
        challengedTeamId: b.team.id,
        location: SURFACE_LOCATIONS.beach,
        competitionType: a.team.competitionType,
        notes: "Text me to book the court.",
        proposedDateTime: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString(),
      },
    });
  let sent = await send(from, to);
  if (sent.status() === 400 && ((await sent.json()) as { code?: string }).code === "out_of_reach") {
    [from, to] = [to, from];
    sent = await send(from, to);
  }
  expect(sent.status(), await sent.text()).toBe(201);
  const challenge = (await sent.json()) as { id: number; location: string };
  const accepted = await to.request.patch(url(`/api/challenges/${challenge.id}`), { data: { status: "accepted" } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const reported = await from.request.post(url("/api/matches"), {
    data: {
      challengeId: challenge.id,
      team1Id: from.team.id,
      team2Id: to.team.id,
      winnerTeamId: from.team.id,
      score: "[[3,0],[1,3],[3,2]]",
      location: challenge.location,
      notes: "Tight finish on the beach.",
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const match = ((await reported.json()) as { match: MatchView }).match;
  const disputed = await to.request.post(url(`/api/matches/${match.id}/dispute`), { data: { reason } });
  expect(disputed.status(), await disputed.text()).toBe(200);
  return { match, winner: from.team, loser: to.team, request: from.request };
}

async function findTeam(page: Page) {
  await page.getByRole("searchbox", { name: "Search teams" }).fill(teamName);
  const item = page.locator("li").filter({ has: page.getByRole("heading", { name: teamName }) }).first();
  await item.waitFor();
  return item;
}

describe("the admin panel", () => {
  it("a captain who is not an admin sees Access Denied", async () => {
    const page = await kit.newPage({ width: 390 });
    await signInViaApi(page.context(), DEMO.captains[0], DEMO.password);
    await page.goto(url("/admin"));
    await expect
      .poll(() => page.getByText("Access Denied: You need admin privileges to access this page.").isVisible(), { timeout: 10_000 })
      .toBe(true);
  });

  it("an admin approves a pending registration", async () => {
    await registerTeam();
    const page = await openAdmin();
    const row = page.getByRole("row").filter({ hasText: captain.email });
    await row.waitFor();
    await row.getByRole("button", { name: `Approve ${captain.name}` }).click();
    await toast(page, "User Approved");
    await expect.poll(() => row.count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin");
  });

  it("suspending a member ends their open session; unsuspending lets them back in", async () => {
    const member = await kit.newPage({ width: 390 });
    await signInViaApi(member.context(), captain.username, captain.password);
    expect((await member.context().request.get(url("/api/user"))).status()).toBe(200);

    const page = await openAdmin(390);
    const team = await findTeam(page);
    await team.getByRole("button", { name: `Suspend ${captain.name}` }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await expect.poll(() => dialog.getByText("Please provide a reason for the suspension.").isVisible()).toBe(true);
    await dialog.getByLabel(/Reason for suspension/).fill("Repeated no-shows");
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await toast(page, "User Suspended");
    await expect.poll(() => team.getByText("MEMBER SUSPENDED").isVisible()).toBe(true);
    expect((await member.context().request.get(url("/api/user"))).status()).toBe(401);
    const mailed = await mail.waitFor((m) => m.to.includes(captain.email) && /suspended/i.test(m.subject));
    expect(mailed.text).toContain("Repeated no-shows");

    await team.getByRole("button", { name: `Unsuspend ${captain.name}` }).click();
    await toast(page, "User Unsuspended");
    await expect.poll(() => team.getByText("MEMBER SUSPENDED").count()).toBe(0);
    await signInViaApi(member.context(), captain.username, captain.password);
  });

  it("resends the partner's invitation: a new link is mailed", async () => {
    const page = await openAdmin(390);
    const team = await findTeam(page);
    const before = (await mail.to(`e2epar_${id}@example.test`)).length;
    await team.getByRole("button", { name: `Resend invitation to Pat ${id}` }).click();
    await toast(page, "Invitation Sent");
    await expect.poll(async () => (await mail.to(`e2epar_${id}@example.test`)).length, { timeout: 10_000 }).toBe(before + 1);
    await screenshot(page, "admin-resend-invitation", { fullPage: false, widths: [320, 390, 1280] });
  });

  it("soft-deletes a team with a reason and restores it", async () => {
    const page = await openAdmin();
    const team = await findTeam(page);
    await team.getByRole("button", { name: "Delete Team" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel(/Reason for deletion/).fill("Taking a season off");
    await dialog.getByRole("button", { name: "Delete Team" }).click();
    await toast(page, "Team Deleted");
    await expect.poll(() => team.getByText("TEAM DELETED").isVisible()).toBe(true);
    await mail.waitFor((m) => m.to.includes(captain.email) && m.subject.includes(teamName));

    await team.getByRole("button", { name: "Restore" }).click();
    await toast(page, "Team Restored");
    await expect.poll(() => team.getByText("TEAM DELETED").count()).toBe(0);
    await mail.waitFor((m) => m.to.includes(captain.email) && /welcome back/i.test(m.subject));
  });

  it("an admin reviews a disputed result in Match Disputes and voids the match", async () => {
    const reason = `We won the deciding set 3-1, not 2-3 (${id}).`;
    const { match, winner, loser, request } = await disputedMatch(["kara", "olivia"], reason);
    const standing = async () => {
      const teams = await Promise.all(
        [winner.id, loser.id].map(async (teamId) => {
          const res = await request.get(url(`/api/teams/${teamId}`));
          const body = (await res.json()) as TeamView | { team: TeamView };
          const t = "team" in body ? body.team : body;
          return { rating: t.rating, beachRating: t.beachRating, wins: t.wins, losses: t.losses };
        }),
      );
      return teams;
    };
    const before = await standing();

    const page = await openAdmin();
    const disputes = page.locator("div").filter({ has: page.getByRole("heading", { name: "Match Disputes" }) }).filter({ has: page.getByRole("list") }).last();
    const item = disputes.getByRole("listitem").filter({ hasText: reason });
    await item.waitFor();
    // The teams, the winner marked for screen readers: "Drop Shot Queens (winner) vs Rally Cats".
    expect(await item.textContent()).toContain(`${match.team1.name} (winner) vs ${match.team2.name}`);
    await item.getByRole("button", { name: "Review Details" }).click();

    const dialog = page.getByRole("dialog", { name: "Dispute Details" });
    await dialog.waitFor();
    expect(await dialog.getByText(reason).isVisible()).toBe(true);
    expect(await dialog.getByText("3-0, 1-3, 3-2").isVisible()).toBe(true);
    expect(await dialog.getByText("Tight finish on the beach.").isVisible()).toBe(true);
    // Both the notes and the outcome are required.
    await dialog.getByRole("button", { name: "Resolve Dispute" }).click();
    await expect.poll(() => dialog.getByText("Please enter resolution notes.").isVisible()).toBe(true);
    expect(await dialog.getByText(MATCH_MESSAGES.outcome).isVisible()).toBe(true);
    // Who raised it: the member of the disputing team, with the team.
    expect(await dialog.getByText(new RegExp(`Raised by .+ \\(${loser.name}\\)`)).isVisible()).toBe(true);
    await dialog.getByLabel(/Resolution notes/).fill("Both captains agree the score sheet was lost; the match is replayed.");
    // Correcting asks for the winner and the score as sets.
    await dialog.getByRole("radio", { name: /Correct result/ }).check();
    await dialog.getByRole("button", { name: "Resolve Dispute" }).click();
    await expect.poll(() => dialog.getByText(MATCH_MESSAGES.correction).isVisible()).toBe(true);
    await dialog.getByLabel(/Score/).fill("3-0 1-3 3-2");
    await screenshot(page, "admin-dispute-correct", { fullPage: false, widths: [320, 390, 1280] });
    await dialog.getByRole("radio", { name: /Void match/ }).check();
    await expectNoAxeViolations(page);
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, "admin-dispute-review", { fullPage: false });
    await dialog.getByRole("button", { name: "Resolve Dispute" }).click();

    await toast(page, "Dispute Resolved");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => item.count()).toBe(0);
    const recent = page.locator("div").filter({ has: page.getByRole("heading", { name: "Recent Matches" }) }).filter({ has: page.getByRole("list") }).last();
    const row = recent.getByRole("listitem").filter({ hasText: `${match.team1.name} (winner) vs ${match.team2.name}` }).filter({ hasText: "3-0, 1-3, 3-2" });
    await expect.poll(() => row.getByText("Voided", { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);

    // Voided: neither team's rating or record moved, and both captains were emailed.
    expect(await standing()).toEqual(before);
    const subject = `Dispute resolved: ${match.team1.name} vs ${match.team2.name}`;
    for (const captain of ["kara", "olivia"]) {
      await mail.waitFor((m) => m.subject === subject && m.to.includes(`${captain}@students.example.edu`));
    }
  });

  it("downloads a full backup and restores it (merge), showing the counts", async () => {
    const page = await openAdmin();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Full Backup (JSON)" }).click()]);
    const file = await download.path();
    const backup = JSON.parse(fs.readFileSync(file, "utf8")) as { formatVersion: number; tables: { users: unknown[]; teams: { name: string }[] } };
    expect(backup.formatVersion).toBe(1);
    expect(backup.tables.teams.some((t) => t.name === teamName)).toBe(true);

    // A non-JSON file is refused before anything is sent.
    await page.locator("#backup-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await toast(page, "Invalid file");

    await page.locator("#backup-file").setInputFiles(file);
    await expect.poll(() => page.getByText(`This file holds ${backup.tables.users.length} users`).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Merge Data" }).click();
    await toast(page, "Backup restored successfully");
    const summary = page.getByRole("status").filter({ hasText: "Users" });
    await expect.poll(() => summary.innerText()).toContain(String(backup.tables.teams.length));
  });
});
