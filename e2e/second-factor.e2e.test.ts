// Admins and two-step sign-in in a real browser: the demo admin makes a demo captain (wren, used by
// no other journey) an admin from Manage Teams; wren sets up two-step sign-in (QR code, a code from
// the app, the recovery codes shown once), signs in again through the code step, and is then removed
// as admin from the Administrators card.
import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();
const MEMBER = { username: "wren", name: "Wren" };

async function visible(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

const totp = (secret: string, stepsFromNow = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsFromNow * 30_000 });

describe("admins and two-step sign-in", () => {
  it("an admin makes a member an admin; they set up two-step sign-in, sign in with a code, and are removed again", async () => {
    const admin = await kit.newPage({ width: 1280 });
    await signInViaApi(admin.context(), DEMO.admin.username, DEMO.admin.password);
    await admin.goto(url("/admin"));
    await admin.getByRole("searchbox", { name: "Search teams" }).fill(MEMBER.username);
    const promote = admin.getByRole("button", { name: new RegExp(`^Make admin: ${MEMBER.name}`) });
    await promote.click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Make Admin" }).click();
    await visible(admin, "Admin Added");

    // The new admin sets up two-step sign-in.
    const page = await kit.newPage({ width: 390 });
    await signInViaApi(page.context(), MEMBER.username, DEMO.password);
    await page.goto(url("/admin"));
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    await page.getByRole("img", { name: /QR code/ }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-two-step-setup");
    const secret = (await page.locator("code").first().innerText()).replace(/\s/g, "");
    await page.getByLabel("Code from the app").fill(totp(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).locator("li");
    await expect.poll(() => codes.count(), { timeout: 10_000 }).toBe(10);
    await screenshot(page, "admin-recovery-codes");
    await page.getByRole("button", { name: "I have saved them" }).click();
    await visible(page, /recovery codes left/);

    // Signing in again: the password, then the code step.
    const again = await kit.newPage({ width: 390 });
    await again.goto(url("/auth"));
    const form = again.getByRole("form", { name: "Login" });
    await form.getByLabel("Username", { exact: true }).fill(MEMBER.username);
    await form.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await form.getByRole("button", { name: "Login" }).click();
    const step = again.getByRole("form", { name: "Two-step sign-in" });
    await step.getByLabel("Authentication code").waitFor();
    await expectNoAxeViolations(again);
    await screenshot(again, "sign-in-code-step");
    await step.getByLabel("Authentication code").fill("000000");
    await step.getByRole("button", { name: "Verify" }).click();
    await visible(again, "That code is not right. Check your authenticator app's clock, or use a recovery code.");
    // The confirming code used this time step: the next one is accepted too (one step of drift).
    await step.getByLabel("Authentication code").fill(totp(secret, 1));
    await step.getByRole("button", { name: "Verify" }).click();
    await again.waitForURL((u) => u.pathname === "/", { timeout: 15_000 });
    await again.goto(url("/admin"));
    await again.getByRole("heading", { name: "Manage Teams" }).waitFor();

    // The demo admin removes them as admin (with confirmation); their panel closes.
    await admin.reload();
    await admin.getByRole("button", { name: new RegExp(`^Remove admin: ${MEMBER.name}`) }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Remove Admin" }).click();
    await visible(admin, "Admin Removed");
    await again.goto(url("/admin"));
    await visible(again, "Access Denied: You need admin privileges to access this page.");
  });
});
