// Every URL field a person types takes one rule (shared/validators/url.ts): an absolute http(s) URL
// of at most 2,000 characters. Each field is tried, through the API, with the URLs that must be
// refused and one that must pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { teams, users } from "@shared/schema";
import { URL_MAX } from "@shared/validators/url";
import { useTestApp, type TestApp } from "../helpers/app";
import { createTeam } from "../helpers/factories";
import { registration } from "../../server/modules/accounts/accounts.fixtures";

let t: TestApp;
let refused = 0;
useTestApp((app) => (t = app));
afterAll(() => {
  console.log(`url fields: 4 fields × ${BAD.length} bad URLs, ${refused} refused with 400`);
});

export const BAD = [
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "/images/avatar.png",
  "images/avatar.png",
  "//evil.example/avatar.png",
  "http:evil.example",
  "https://",
  `https://img.example.test/${"a".repeat(URL_MAX)}.png`,
];
const GOOD = "https://img.example.test/avatar.png";

interface Field {
  name: string;
  /** Sends the URL in that field; returns the response. */
  send(url: string): Promise<{ status: number; body: { message?: string; fields?: Record<string, string> } }>;
  /** The value stored after a successful call. */
  stored(): Promise<string | null | undefined>;
}

let lastRegistration: ReturnType<typeof registration> | undefined;
let teamFixture: Awaited<ReturnType<typeof createTeam>>;

/** A URL field of the registration: sent in a fresh registration, read back once its mail went out. */
const registrationField = (name: string, key: "avatar" | "teamAvatar", read: (email: string) => Promise<string | null | undefined>): Field => ({
  name,
  send: async (url) => {
    lastRegistration = registration({ [key]: url });
    return t.request.post("/api/register-team").send(lastRegistration);
  },
  stored: async () => {
    await t.mail.waitFor((m) => m.to.includes(lastRegistration!.email.toLowerCase()));
    return read(lastRegistration!.email);
  },
});

const fields = (): Field[] => [
  registrationField("registration avatar", "avatar", async (email) => {
    const [u] = await t.db.select({ avatar: users.avatar }).from(users).where(eq(users.email, email));
    return u?.avatar;
  }),
  registrationField("registration team avatar", "teamAvatar", async (email) => {
    const [row] = await t.db.select({ avatar: teams.avatar }).from(users).innerJoin(teams, eq(teams.id, users.teamId)).where(eq(users.email, email));
    return row?.avatar;
  }),
  {
    name: "team profile avatar",
    send: async (url) => (await t.signedIn(teamFixture.captain.username)).put(`/api/teams/${teamFixture.team.id}`).send({ name: teamFixture.team.name, avatar: url }),
    stored: async () => (await t.db.select({ avatar: teams.avatar }).from(teams).where(eq(teams.id, teamFixture.team.id)))[0]?.avatar,
  },
  {
    name: "header image",
    send: async (url) => (await t.signedInAdmin()).agent.post("/api/settings/header-image").send({ url }),
    stored: async () => (await t.request.get("/api/settings/header-image")).body.url as string | null,
  },
];

describe("every URL field refuses what is not an absolute http(s) URL", () => {
  beforeAll(async () => {
    teamFixture = await createTeam(t.db);
  });

  for (const field of fields()) {
    it(`${field.name}: refuses javascript:, data:, vbscript:, file:, relative and over-long URLs; takes an https URL`, async () => {
      for (const bad of BAD) {
        const res = await field.send(bad);
        expect(res.status, `${field.name} ← ${JSON.stringify(bad.slice(0, 60))}`).toBe(400);
        expect(res.body.message).toMatch(/URL|url/);
        refused++;
      }
      const ok = await field.send(GOOD);
      expect(ok.status, JSON.stringify(ok.body)).toBeLessThan(300);
      expect(await field.stored()).toBe(GOOD);
    });
  }
});
