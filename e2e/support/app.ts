// The app under test and its mail, as set up once by e2e/global-setup.ts.
import { inject } from "vitest";
import type { CapturedMail } from "../../tests/helpers/smtp-sink";
import { pushServiceAt, type PushServiceClient } from "../../tests/helpers/push-service";

export type { CapturedMail };
export { tokenFromLink } from "../../tests/helpers/smtp-sink";

/** This worker's server and mail sink (e2e/global-setup.ts starts one pair per worker). */
const mine = (urls: string[]): string => {
  const slot = Number(process.env.VITEST_POOL_ID ?? "1") - 1;
  const found = urls[slot];
  if (!found) throw new Error(`No e2e server for worker ${slot + 1} (${urls.length} started): E2E_WORKERS and maxWorkers disagree`);
  return found;
};

/** e.g. http://localhost:41234 */
export const baseUrl = (): string => mine(inject("baseUrls"));
const mailUrl = (): string => mine(inject("mailUrls"));
/** This worker's stand-in for the browsers' push service (the server may deliver to it: PUSH_SERVICE_ORIGINS). */
export const pushService = (): PushServiceClient => pushServiceAt(mine(inject("pushUrls")));

/** An absolute URL on the app under test. */
export const url = (pathname: string): string => new URL(pathname, baseUrl()).toString();

/** Demo data loaded on the server's first start (server/db/seed.ts, DEMO_ADMIN_PASSWORD). */
export const DEMO = {
  admin: { username: "admin", password: "LadderAdmin1" },
  password: "Player123",
  captains: ["alex", "isla", "quinn"],
  partners: ["ben", "jade", "rosa"],
} as const;

export const mail = {
  async all(): Promise<CapturedMail[]> {
    const res = await fetch(mailUrl());
    return (await res.json()) as CapturedMail[];
  },
  to: async (address: string): Promise<CapturedMail[]> =>
    (await mail.all()).filter((m) => m.to.includes(address.toLowerCase())),
  async clear(): Promise<void> {
    await fetch(mailUrl(), { method: "DELETE" });
  },
  /** Waits for a mail matching the predicate (default: any) and returns it. */
  async waitFor(predicate: (m: CapturedMail) => boolean = () => true, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    let seen: CapturedMail[] = [];
    while (Date.now() < deadline) {
      seen = await mail.all();
      const found = seen.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`No matching mail within ${timeoutMs} ms (have: ${seen.map((m) => m.subject).join(" | ") || "none"})`);
  },
};
