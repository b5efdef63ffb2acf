// The API reference page in a real browser (docs/decisions/037-api-reference-page.md): Swagger UI,
// served from this origin under the page's own CSP (no inline script or style, calls to this origin
// only), renders the generated document, filters it, and "Try it out" calls the API. The kit fails
// the journey on any CSP violation, uncaught exception or console error.
import { describe, expect, it } from "vitest";
import { url } from "./support/app";
import { DESKTOP, screenshot, useBrowser } from "./support/browser";

const kit = useBrowser();

describe("the API reference page", () => {
  it("renders every operation of the generated document under the page's CSP, and tries one out", async () => {
    const page = await kit.newPage({ width: DESKTOP.width });
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script" || r.resourceType() === "stylesheet") scripts.push(new URL(r.url()).pathname);
    });
    const answer = await page.goto(url("/api/docs"));
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(answer?.headers()["content-security-policy"]).toContain("style-src 'self';");

    // The document's title and description, then the first operations (the list renders as it is scrolled).
    await page.getByRole("heading", { name: /^doubles-ladder API/ }).waitFor();
    await expect.poll(() => page.locator(".info").innerText()).toMatch(/generated from the routes the server registers/);
    await page.locator(".opblock-tag", { hasText: /^health$/ }).waitFor();
    expect(await page.locator(".opblock-summary").first().innerText()).toMatch(/GET\s+\/api\/health/);
    expect(scripts.sort()).toEqual(["/api/docs/init.js", "/api/docs/page.css", "/api/docs/swagger-ui-bundle.js", "/api/docs/swagger-ui.css"]);

    // Every operation of the document is there: the filter by path shows each tag's operations.
    const doc = (await (await page.request.get(url("/api/openapi.json"))).json()) as { paths: Record<string, Record<string, unknown>> };
    const filter = page.getByPlaceholder("Filter by tag or path");
    await filter.fill("login");
    const login = page.locator(".opblock-summary", { hasText: /\/api\/login$/ });
    await login.waitFor();
    expect(await login.innerText()).toMatch(/^POST\s+\/api\/login$/);
    expect(await page.locator(".opblock-tag").allInnerTexts()).toEqual(["login"]);
    await filter.fill("challenges");
    await page.locator(".opblock-tag", { hasText: /^challenges$/ }).waitFor();
    const challengeOps = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith("/api/challenges"))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    await expect
      .poll(async () => (await page.locator(".opblock-summary").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim()).sort(), { timeout: 10_000 })
      .toEqual(challengeOps.sort());

    // An operation opened: who may call it, its body, its answers.
    await filter.fill("login");
    await login.click();
    const opened = page.locator(".opblock.is-open");
    await opened.getByText("Who may call it: Anyone, signed in or not.").waitFor();
    await opened.getByText("Request body").waitFor();
    await screenshot(page, "api-docs");

    // "Try it out" calls this origin (connect-src 'self'): the health probe answers 200.
    await filter.fill("health");
    await page.locator(".opblock-summary", { hasText: /\/api\/health$/ }).click();
    const health = page.locator(".opblock.is-open");
    await health.getByRole("button", { name: "Try it out" }).click();
    await health.getByRole("button", { name: "Execute" }).click();
    const live = health.locator(".live-responses-table tr.response .response-col_status");
    await live.first().waitFor();
    expect((await live.first().innerText()).trim()).toBe("200");
    await expect.poll(() => health.locator(".live-responses-table tr.response .response-col_description").first().innerText(), { timeout: 10_000 }).toMatch(/"status": "ok"/);
  });
});
