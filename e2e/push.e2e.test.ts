// Push on this device in a real browser (docs/product.md, "Push notifications"): the e2e server runs
// on the embedded default, so its VAPID keys were generated into DATA_DIR and push is on; My Profile →
// Notifications shows the switch, off, above the category switches. A browser without the Push API
// does not show it. Turning it on runs with the app's service worker: the server delivers an
// encrypted push to the push service, the worker shows a pushed message, and turning it off
// removes the device.
//
// Headless Chromium's own push service is on the internet, out of reach here, so its
// PushManager.subscribe cannot succeed. The journey stands in at that edge only: the page's
// PushManager answers a subscription of the local stand-in (web-push-testing, started by
// e2e/global-setup.ts and named to the server in PUSH_SERVICE_ORIGINS), made for the server's own
// VAPID key; the app, its worker and the server run as they are. The message a push service would
// then hand the browser is delivered to the worker through the DevTools protocol.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { NotificationsPage } from "@shared/types/notifications";
import type { PushPayload } from "@shared/types/push";
import { baseUrl, DEMO, pushService, url } from "./support/app";
import { challenge, joinClub, people } from "./support/club";
import { clickSavingBox, DESKTOP, expectNoAxeViolations, screenshot, settle, signInViaApi, useBrowser } from "./support/browser";
import { subscriptionBody, type StandInSubscription } from "../tests/helpers/push-service";

const kit = useBrowser();
/** How long to wait for what happens in another process (the push worker, the service worker): a bound, not a measure. */
const WAIT = { timeout: 15_000 };
const person = people({ prefix: "pu", theme: "Pushers", first: "Piper", partner: "Quill", password: "Player123" });

/** The page's PushManager answers with the stand-in's subscription (kept in sessionStorage, as the browser keeps its own). */
function standInPushManager(subscription: ReturnType<typeof subscriptionBody>) {
  const KEY = "e2e.push-subscription";
  const current = (): PushSubscription | null => {
    const json = sessionStorage.getItem(KEY);
    if (!json) return null;
    const body = JSON.parse(json) as PushSubscriptionJSON & { endpoint: string };
    return {
      endpoint: body.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => body,
      unsubscribe: () => {
        sessionStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    } as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
    // The key the app subscribed with, as base64url: the journey checks it is the server's.
    const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
    sessionStorage.setItem(`${KEY}.key`, btoa(String.fromCharCode(...key)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
    sessionStorage.setItem(KEY, JSON.stringify(subscription));
    return Promise.resolve(current()!);
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(current());
  };
}

/** The notifications the app's service worker shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })),
  );

/** The messages the stand-in decrypted for a device, as the payloads the server sent. */
const received = async (device: StandInSubscription): Promise<PushPayload[]> =>
  (await pushService().messages(device)).map((m) => JSON.parse(m) as PushPayload);

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
    await screenshot(page, "profile-push-off", { element: section });
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

  it("turns push on with the worker: the server pushes the member's own notification, the worker shows a pushed message, and off removes the device", async () => {
    const [a, b, c] = [person("a"), person("b"), person("c")];
    const club = await joinClub(kit.browser(), [a, b, c], [a, b, c]);
    const [sideA, sideB, sideC] = [await club.side(a), await club.side(b), await club.side(c)];
    const { publicKey } = (await (await sideA.request.get(url("/api/push/public-key"))).json()) as { publicKey: string };
    // This browser's subscription, and another device of the same member (its phone, say).
    const browserDevice = await pushService().subscribe(publicKey);
    const otherDevice = await pushService().subscribe(publicKey);

    const page = await kit.newPage({ width: DESKTOP.width, serviceWorkers: "allow" });
    await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
    await page.addInitScript(standInPushManager, subscriptionBody(browserDevice));
    await signInViaApi(page.context(), a.username, a.password);
    await page.goto(url("/profile"));
    const push = page.locator("#notifications").getByRole("checkbox", { name: /^Push on this device/ });
    await push.waitFor();
    expect(await push.isChecked()).toBe(false);

    const saved = page.waitForResponse((r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "POST");
    expect(await clickSavingBox(push)).toBe(true);
    expect((await saved).status(), await (await saved).text()).toBe(200);
    expect((await saved).request().postDataJSON()).toEqual(subscriptionBody(browserDevice));
    const toast = page.locator("li").filter({ hasText: "Push on this device is on." });
    await toast.waitFor();
    await expect.poll(() => push.isChecked(), WAIT).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem("e2e.push-subscription.key"))).toBe(publicKey);
    await toast.getByRole("button", { name: "Close" }).click();
    await toast.waitFor({ state: "detached" });
    await screenshot(page, "profile-push-on", { element: page.locator("#notifications") });
    const added = await sideA.request.post(url("/api/push/subscriptions"), { data: subscriptionBody(otherDevice) });
    expect(added.status(), await added.text()).toBe(200);

    // Team B challenges A's team: the server encrypts the notification to this device's keys and
    // posts it to the push service; the stand-in can decrypt it only with the device's own keys.
    const firstChallenge = await challenge(sideB, sideA, "grass", "Pushed challenge");
    await expect.poll(() => received(browserDevice).then((m) => m.length), WAIT).toBe(1);
    const [message] = await received(browserDevice);
    const newest = ((await (await sideA.request.get(url("/api/notifications"))).json()) as NotificationsPage).items[0]!;
    expect(newest.type).toBe("challenge.received");
    expect(message).toEqual({ title: "Doubles Ladder", body: newest.text, link: newest.link });
    expect(message!.body).toContain(b.teamName);

    // What the push service hands the browser, the worker shows: the member's own text.
    const cdp = await page.context().newCDPSession(page);
    const origin = new URL(baseUrl()).origin;
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data: JSON.stringify(message) });
    await expect.poll(() => shownNotifications(page), WAIT).toEqual([{ title: "Doubles Ladder", body: newest.text, data: { link: newest.link } }]);

    // Off: the server forgets this device (DELETE with its endpoint), the browser unsubscribes.
    const removed = page.waitForResponse((r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "DELETE");
    expect(await clickSavingBox(push)).toBe(false);
    expect((await removed).status()).toBe(200);
    expect((await removed).request().postDataJSON()).toEqual({ endpoint: browserDevice.endpoint });
    await page.getByText("Push on this device is off.").first().waitFor();
    await expect.poll(() => push.isChecked(), WAIT).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("e2e.push-subscription"))).toBeNull();
    // Two more events for A's team: the other device gets both, this one nothing more. (The push
    // worker sends one claimed batch at a time, and the third event happens only once the second
    // has reached the other device: when the third has too, anything queued for this device with
    // the second would have been sent.)
    await challenge(sideC, sideA, "grass", "Second challenge");
    await expect.poll(() => received(otherDevice).then((m) => m.length), WAIT).toBe(2);
    const canceled = await sideB.request.patch(url(`/api/challenges/${firstChallenge}`), { data: { status: "canceled" } });
    expect(canceled.status(), await canceled.text()).toBe(200);
    await expect.poll(() => received(otherDevice).then((m) => m.map((p) => p.body)), WAIT).toEqual([
      expect.stringContaining(b.teamName),
      expect.stringContaining(c.teamName),
      expect.stringContaining(b.teamName),
    ]);
    expect(await received(browserDevice)).toEqual([message]);
    await cdp.detach();
  });
});
