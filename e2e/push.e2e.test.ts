// Push on this device in a real browser (docs/product.md, "Push notifications"): the e2e server runs
// on the embedded default, so its VAPID keys were generated into DATA_DIR and push is on; My Profile →
// Notifications shows the switch, off, above the category switches. A browser without the Push API
// does not show it. (Turning it on needs the app's service worker: its journey runs with the worker.)
import { describe, expect, it } from "vitest";
import { DEMO, url } from "./support/app";
import { DESKTOP, expectNoAxeViolations, heightFor, screenshot, settle, signInViaApi, useBrowser } from "./support/browser";

const kit = useBrowser();

describe("push on this device", () => {
  it("shows the switch where the browser and the server allow push, and hides it where the browser cannot", async () => {
    const page = await kit.newPage(DESKTOP);
    await signInViaApi(page.context(), DEMO.captains[0], DEMO.password);
    const key = await page.request.get(url("/api/push/public-key"));
    expect(key.status()).toBe(200);
    expect(((await key.json()) as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    await page.goto(url("/profile"));
    const section = page.locator("#notifications");
    const push = section.getByRole("checkbox", { name: /^Push on this device/ });
    await push.waitFor();
    expect(await push.isChecked()).toBe(false);
    expect(await push.isEnabled()).toBe(true);
    await section.getByRole("checkbox", { name: /^Challenges/ }).waitFor();
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: heightFor(width) });
      await settle(page);
      await section.screenshot({ path: `/tmp/push-notifications-${width}.png`, animations: "disabled" });
    }
    await screenshot(page, "profile-push");

    // No Push API (e.g. Safari outside a home-screen app): the switch is not offered.
    const without = await kit.newPage(DESKTOP);
    await without.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await signInViaApi(without.context(), DEMO.captains[0], DEMO.password);
    await without.goto(url("/profile"));
    await without.locator("#notifications").getByRole("checkbox", { name: /^Challenges/ }).waitFor();
    await settle(without);
    expect(await without.getByRole("checkbox", { name: /^Push on this device/ }).count()).toBe(0);
  });
});
