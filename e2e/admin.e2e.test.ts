// Admin journeys in a real browser: approve a pending registration, suspend and unsuspend a member
// (their open session stops working), soft-delete and restore a team, download a backup and restore it.
// Works on its own freshly registered team so the demo data other journeys use stays as it was.
import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
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
