// Account journeys in a real browser: register through the form (picture check included), verify by
// the emailed link, admin approval, sign-in; forgot password → reset; partner invitation.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { registration } from "../server/modules/accounts/accounts.fixtures";
import { DEMO, mail, tokenFromLink, url } from "./support/app";
import { expectNoAxeViolations, screenshot, signInViaApi, signInViaForm, useBrowser } from "./support/browser";

const kit = useBrowser();
const pathOf = (u: string) => new URL(u).pathname;

/** A registration body the form can be filled from (the API tests' fixture, with an e2e username). */
function newPerson() {
  const { verifyEmail: _verifyEmail, ...body } = registration();
  return { ...body, username: body.username.replace(/^reg_/, "e2e_") };
}
type Person = ReturnType<typeof newPerson>;

async function postJson(path: string, body: unknown) {
  const res = await fetch(url(path), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function registerViaApi(person: Person) {
  const res = await postJson("/api/register-team", { ...person, verifyEmail: true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function verifyViaApi(person: Person) {
  const verification = await mail.waitFor((m) => m.to.includes(person.email) && m.subject.includes("Verify"));
  const res = await postJson(`/api/verify-email/${tokenFromLink(verification, "/verify-email/")}`, {});
  expect(res.status).toBe(200);
}

/** Clicks the picture the check asks for (after one deliberate wrong pick). */
async function passPictureCheck(page: Page) {
  const check = page.getByTestId("picture-check");
  const target = async () => (await check.locator("#picture-check-prompt span[aria-hidden]").innerText()).trim();
  const wrong = await target();
  await check.locator(`button:not([data-emoji="${wrong}"])`).first().click();
  await expect.poll(() => check.getByText(/not the matching picture/).isVisible(), { timeout: 10_000 }).toBe(true);
  // A new challenge comes after 1.5 s.
  await expect.poll(() => check.locator("button:not([disabled])").count(), { timeout: 5_000 }).toBe(6);
  await check.locator(`button[data-emoji="${await target()}"]`).click();
  await expect.poll(() => check.getByText(/Check passed/).isVisible(), { timeout: 10_000 }).toBe(true);
}

describe("accounts in the browser", () => {
  it("register through the form → verification mail → link verifies → admin approves → sign in → home", async () => {
    const person = newPerson();
    const page = await kit.newPage({ width: 390 });
    await page.goto(url("/auth"));
    await page.getByRole("tab", { name: "Register" }).click();
    const form = page.locator("form[aria-label=Register]");
    const register = form.getByRole("button", { name: "Register", exact: true });
    expect(await register.isDisabled()).toBe(true);

    await form.getByRole("textbox", { name: "Full name" }).fill(person.name);
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(person.email);
    await form.getByRole("combobox", { name: "Category" }).selectOption(person.competitionType);
    await form.getByRole("textbox", { name: "Team name" }).fill(person.teamName);
    await form.getByRole("textbox", { name: "Partner's name" }).fill(person.partnerName);
    await form.getByRole("textbox", { name: "Partner's email" }).fill(person.partnerEmail);
    await form.getByRole("textbox", { name: "Username" }).fill(person.username);
    await form.locator("input[autocomplete=new-password]").fill(person.password);
    await passPictureCheck(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "accounts-register");
    expect(await register.isDisabled()).toBe(false);
    await register.click();

    await page.waitForURL((u) => u.pathname === "/email-verification-pending");
    await expect.poll(() => page.getByText("Registration Successful").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "accounts-verification-pending");

    const verification = await mail.waitFor((m) => m.to.includes(person.email) && m.subject.includes("Verify"));
    const link = verification.links.find((l) => pathOf(l).startsWith("/verify-email/"));
    expect(link).toBeDefined();
    await page.goto(url(pathOf(link!)));
    await page.waitForURL((u) => u.pathname === "/verify-success");
    await expect.poll(() => page.getByRole("heading", { name: "Email Verified!" }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "accounts-verify-success");
    // The same link opened again says the address is verified, not "Verification failed".
    await page.goto(url(pathOf(link!)));
    await expect.poll(() => page.getByRole("heading", { name: "Your email is verified" }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText("Verification failed").count()).toBe(0);
    await screenshot(page, "accounts-verify-again", { widths: [320, 390, 1280] });

    // The admin approves (through the approval API the admin panel uses).
    const adminPage = await kit.newPage();
    await signInViaApi(adminPage.context(), DEMO.admin.username, DEMO.admin.password);
    const pending = await adminPage.context().request.get(url("/api/admin/pending-users?limit=100"));
    const captain = ((await pending.json()) as { items: { id: number; email: string }[] }).items.find((u) => u.email === person.email);
    expect(captain).toBeDefined();
    const approve = await adminPage.context().request.post(url(`/api/admin/approve-user/${captain!.id}`), { data: {} });
    expect(approve.status()).toBe(200);

    await signInViaForm(page, person.username, person.password);
    expect(pathOf(page.url())).toBe("/");
    const me = await page.context().request.get(url("/api/user"));
    expect(await me.json()).toMatchObject({ username: person.username, isEmailVerified: true, isApproved: true, isCaptain: true });
  });

  it("a signed-out user who opens a protected link lands there after signing in; other sites' addresses are ignored", async () => {
    /** Signs in with the Login form of the /auth page already open (signInViaForm opens a bare /auth). */
    const logIn = async (p: Page) => {
      const form = p.getByRole("form", { name: "Login" });
      await form.getByLabel("Username", { exact: true }).fill("carlos");
      await form.getByLabel("Password", { exact: true }).fill(DEMO.password);
      await form.getByRole("button", { name: /^(sign in|log ?in)$/i }).click();
      await p.waitForURL((u) => u.pathname !== "/auth", { timeout: 15_000 });
    };
    const page = await kit.newPage({ width: 390 });
    await page.goto(url("/challenges?status=all"));
    await page.waitForURL((u) => u.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/challenges?status=all");
    await logIn(page);
    await page.waitForURL((u) => u.pathname === "/challenges");
    expect(new URL(page.url()).search).toBe("?status=all");
    await page.getByRole("heading", { name: "My Challenges", level: 1 }).waitFor();

    for (const next of ["//evil.example/", "https://evil.example/challenges", "/\\evil.example"]) {
      const other = await kit.newPage({ width: 1280 });
      await other.goto(url(`/auth?next=${encodeURIComponent(next)}`));
      await logIn(other);
      expect(new URL(other.url()).origin).toBe(new URL(url("/")).origin);
      expect(pathOf(other.url())).toBe("/");
    }
  });

  it("forgot password → mail → reset page → sign in with the new password", async () => {
    const person = newPerson();
    await registerViaApi(person);
    await verifyViaApi(person);

    const page = await kit.newPage({ width: 1280 });
    await page.goto(url("/auth"));
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Username").fill(person.username);
    await dialog.getByLabel("Email").fill(person.email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(() => page.getByText("Password Reset Email Sent").first().isVisible(), { timeout: 10_000 }).toBe(true);
    // The login form behind the dialog was not submitted: no field marked, no error shown.
    const login = page.getByRole("form", { name: "Login" });
    expect(await login.locator("[aria-invalid=true]").count()).toBe(0);
    expect(await login.getByRole("alert").count()).toBe(0);
    // The same for Forgot Username.
    await page.getByRole("button", { name: "Forgot Username?" }).click();
    await page.getByRole("dialog").getByLabel("Email").fill(person.email);
    await page.getByRole("dialog").getByRole("button", { name: "Send Username" }).click();
    await expect.poll(() => page.getByText("Recovery Email Sent").first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await login.locator("[aria-invalid=true]").count()).toBe(0);
    expect(await login.getByRole("alert").count()).toBe(0);

    const resetMail = await mail.waitFor((m) => m.to.includes(person.email) && m.subject.includes("Reset"));
    const token = tokenFromLink(resetMail, "/reset-password/");
    await page.goto(url(`/reset-password/${token}`));
    const fields = page.locator("input[autocomplete=new-password]");
    await fields.nth(0).fill("Newpass12");
    await fields.nth(1).fill("Newpass13");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect.poll(() => page.getByText("Passwords don't match").isVisible(), { timeout: 10_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, "accounts-reset-password");
    await fields.nth(1).fill("Newpass12");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect.poll(() => page.getByText(/Your password has been reset/).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForURL((u) => u.pathname === "/auth", { timeout: 10_000 });

    // The link works once.
    await page.goto(url(`/reset-password/${token}`));
    await expect.poll(() => page.getByText("Failed to reset password. The token may be invalid or expired.").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "accounts-reset-failed");

    const old = await postJson("/api/login", { username: person.username, password: person.password });
    expect(old.status).toBe(401);
    await signInViaForm(page, person.username, "Newpass12");
    expect(pathOf(page.url())).toBe("/");
  });

  it("the partner accepts the invitation and signs in with the partner role", async () => {
    const person = newPerson();
    await registerViaApi(person);
    const invitation = await mail.waitFor((m) => m.to.includes(person.partnerEmail) && m.subject.includes("invited"));
    const token = tokenFromLink(invitation, "/accept-invite/");

    const page = await kit.newPage({ width: 390 });
    await page.goto(url(`/accept-invite/${token}`));
    await expect.poll(() => page.getByText(person.teamName).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, "accounts-accept-invite");
    const partnerUsername = `mate_${person.username}`;
    await page.getByRole("textbox", { name: "Username" }).fill(partnerUsername);
    const fields = page.locator("input[autocomplete=new-password]");
    await fields.nth(0).fill("Partner12");
    await fields.nth(1).fill("Partner12");
    await page.getByRole("button", { name: "Join Team" }).click();
    await expect.poll(() => page.getByText("You're on the team!").isVisible(), { timeout: 10_000 }).toBe(true);

    await signInViaForm(page, partnerUsername, "Partner12");
    expect(pathOf(page.url())).toBe("/");
    const me = await page.context().request.get(url("/api/user"));
    expect(await me.json()).toMatchObject({ username: partnerUsername, isPartner: true, isCaptain: false, teamName: person.teamName });
  });
});
