// Email preferences and one-click unsubscribe (docs/product.md, "Notification emails";
// docs/decisions/026-notification-preferences-and-unsubscribe.md): the switches are the member's
// own, queued mail obeys them, in-app notifications are kept, account mail is always sent; optional
// mail carries the RFC 8058 headers and link, the POST by token turns the category off without a
// sign-in, GET changes nothing, a forged link is a 400. And old notifications are removed after 180 days.
import { describe, expect, it } from "vitest";
import supertest from "supertest";
import { and, eq, inArray } from "drizzle-orm";
import { emailOptOuts, mailOutbox, notifications } from "@shared/schema";
import { NOTIFICATION_RETENTION_DAYS } from "@shared/constants";
import { UNSUBSCRIBE_LINK_INVALID } from "@shared/validators/notifications";
import { useTestApp, TEST_APP_URL, type TestApp } from "../../../tests/helpers/app";
import { challengeBody, createTeam, type TeamFixture } from "../../../tests/helpers/factories";
import type { CapturedMail } from "../../../tests/helpers/smtp-sink";
import { acceptedChallenge } from "../matches/matches.fixtures";
import { issueToken } from "../../auth/tokens";
import { unsubscribeToken } from "../../mail/unsubscribe";
import { pruneNotifications } from "./notifications.service";
import { jobs } from "../../jobs";

let t: TestApp;
useTestApp((app) => (t = app));

const ALL_ON = { challenges: true, results: true, reminders: true, admin: true };

async function challenge(from: TeamFixture, to: TeamFixture): Promise<void> {
  const res = await (await t.signedIn(from.captain.username)).post("/api/challenges").send(challengeBody(to));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const mailsTo = (address: string, subject: RegExp): CapturedMail[] => t.mail.to(address).filter((m) => subject.test(m.subject));

describe("GET and PUT /api/notifications/preferences", () => {
  it("all on at first; a member turns categories off and on, and sees only their own", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const agent = await t.signedIn(a.captain.username);
    expect((await agent.get("/api/notifications/preferences")).body).toEqual({ email: ALL_ON });
    const off = await agent.put("/api/notifications/preferences").send({ email: { challenges: false, results: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ email: { ...ALL_ON, challenges: false, results: false } });
    const back = await agent.put("/api/notifications/preferences").send({ email: { results: true } });
    expect(back.body).toEqual({ email: { ...ALL_ON, challenges: false } });
    expect((await agent.get("/api/notifications/preferences")).body).toEqual({ email: { ...ALL_ON, challenges: false } });
    // Nobody else's changed.
    expect((await (await t.signedIn(b.captain.username)).get("/api/notifications/preferences")).body).toEqual({ email: ALL_ON });
    expect((await t.request.get("/api/notifications/preferences")).status).toBe(401);
  });

  it("refuses bad input with a message", async () => {
    const a = await createTeam(t.db);
    const agent = await t.signedIn(a.captain.username);
    for (const bad of [{}, { email: {} }, { email: { challenges: "no" } }, { email: { account: false } }, { email: { results: true }, extra: 1 }, { email: null }]) {
      const res = await agent.put("/api/notifications/preferences").send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });
});

describe("queued mail obeys the switches; notifications are kept; account mail always goes", () => {
  it("challenges off for the partner: no challenge mail to them, the captain still gets one, both are notified", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const partner = await t.signedIn(b.partner.username);
    expect((await partner.put("/api/notifications/preferences").send({ email: { challenges: false } })).status).toBe(200);
    await challenge(a, b);
    await t.deliverMail();
    expect(mailsTo(b.captain.email, /challenge/i)).toHaveLength(1);
    expect(mailsTo(b.partner.email, /challenge/i)).toHaveLength(0);
    const notes = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, "challenge.received"), inArray(notifications.userId, [b.captain.id, b.partner.id])));
    expect(notes.map((n) => n.userId).sort()).toEqual([b.captain.id, b.partner.id].sort());
  });

  it("account mail (a password reset) is sent with every category off, and carries no unsubscribe header or link", async () => {
    const a = await createTeam(t.db);
    await t.db.insert(emailOptOuts).values(["challenges", "results", "reminders", "admin"].map((category) => ({ userId: a.captain.id, category })));
    const token = await issueToken(t.db, { purpose: "password_reset", userId: a.captain.id });
    expect((await t.request.post(`/api/reset-password/${token}`).send({ newPassword: "Courtside9" })).status).toBe(200);
    const mail = await t.mail.waitFor((m) => m.to.includes(a.captain.email.toLowerCase()));
    expect(mail.headers["list-unsubscribe"]).toBeUndefined();
    expect(mail.headers["list-unsubscribe-post"]).toBeUndefined();
    expect(mail.text).not.toMatch(/unsubscribe/i);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, a.captain.email));
    expect(row!.userId).toBeNull();
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  async function optionalMail(): Promise<{ a: TeamFixture; b: TeamFixture; mail: CapturedMail; token: string }> {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    await challenge(a, b);
    const mail = await t.mail.waitFor((m) => m.to.includes(b.partner.email.toLowerCase()) && /challenge/i.test(m.subject));
    const header = mail.headers["list-unsubscribe"] ?? "";
    const token = /\/api\/unsubscribe\/([^>]+)>$/.exec(header)?.[1] ?? "";
    return { a, b, mail, token };
  }

  it("an optional mail carries the headers and the link of its category, for its recipient; nothing secret is queued", async () => {
    const { b, mail, token } = await optionalMail();
    expect(mail.headers["list-unsubscribe"]).toBe(`<${TEST_APP_URL}/api/unsubscribe/${token}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(token).toBe(unsubscribeToken(t.env.SESSION_SECRET, b.partner.id, "challenges"));
    expect(mail.links).toContain(`${TEST_APP_URL}/unsubscribe/${token}`);
    expect(mail.text).toMatch(/Stop emails about challenges/);
    // The queue holds the member's id, not the link (signed when sent).
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, b.partner.email));
    expect(rows.map((r) => r.userId)).toEqual([b.partner.id]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("GET shows the category and changes nothing; POST (the provider's form, no session, from anywhere) turns it off", async () => {
    const { b, token } = await optionalMail();
    const view = await t.request.get(`/api/unsubscribe/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({ category: "challenges", emailOn: true });
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, b.partner.id))).toEqual([]);

    const res = await supertest(t.app)
      .post(`/api/unsubscribe/${token}`)
      .set("Content-Type", "application/x-www-form-urlencoded")
      .set("Origin", "https://mail.example.com")
      .set("Sec-Fetch-Site", "cross-site")
      .send("List-Unsubscribe=One-Click");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ category: "challenges", emailOn: false });
    const agent = await t.signedIn(b.partner.username);
    expect((await agent.get("/api/notifications/preferences")).body.email).toEqual({ ...ALL_ON, challenges: false });
    // Again (the page's button after the provider's POST): still off, still 200.
    expect((await t.request.post(`/api/unsubscribe/${token}`).send({})).body).toEqual({ category: "challenges", emailOn: false });
    expect((await t.request.get(`/api/unsubscribe/${token}`)).body).toEqual({ category: "challenges", emailOn: false });
  });

  it("the multipart form of RFC 8058's example is taken too", async () => {
    const { token } = await optionalMail();
    const res = await supertest(t.app)
      .post(`/api/unsubscribe/${token}`)
      .set("Content-Type", "multipart/form-data; boundary=x")
      .send('--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("a forged, altered or malformed link is a 400 with a clear message, and changes nothing", async () => {
    const { b, token } = await optionalMail();
    const other = unsubscribeToken("another-secret-another-secret-another-secret", b.partner.id, "challenges");
    const [, , sig] = token.split(".");
    const forged = [
      other,
      `${b.captain.id}.challenges.${sig}`, // another member with this signature
      `${b.partner.id}.results.${sig}`, // another category
      `${b.partner.id}.account.${sig}`,
      "not-a-token",
      `${2_000_000_000}.challenges.${"A".repeat(43)}`,
    ];
    for (const bad of forged) {
      for (const res of [await t.request.post(`/api/unsubscribe/${bad}`).send({}), await t.request.get(`/api/unsubscribe/${bad}`)]) {
        expect(res.status, bad).toBe(400);
        expect(res.body.message).toBe(UNSUBSCRIBE_LINK_INVALID);
      }
    }
    // A real signature for a member who does not exist.
    const gone = unsubscribeToken(t.env.SESSION_SECRET, 2_000_000_000, "results");
    expect((await t.request.post(`/api/unsubscribe/${gone}`).send({})).status).toBe(400);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, b.partner.id))).toEqual([]);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, b.captain.id))).toEqual([]);
  });

  it("refuses a body that is not the form or JSON (415), compressed (415) or over 1 KB (413)", async () => {
    const { token } = await optionalMail();
    const post = () => supertest(t.app).post(`/api/unsubscribe/${token}`);
    expect((await post().set("Content-Type", "text/plain").send("List-Unsubscribe=One-Click")).status).toBe(415);
    expect((await post().set("Content-Type", "application/x-www-form-urlencoded").set("Content-Encoding", "gzip").send("x")).status).toBe(415);
    expect((await post().set("Content-Type", "application/x-www-form-urlencoded").send(`x=${"a".repeat(2000)}`)).status).toBe(413);
  });

  it("after unsubscribing, that category's mail stops; others still come", async () => {
    const { b, token } = await optionalMail();
    expect((await t.request.post(`/api/unsubscribe/${token}`).send({})).status).toBe(200);
    const c = await createTeam(t.db);
    t.mail.clear();
    await challenge(c, b);
    // A result for b's partner (results stay on): d's challenge, accepted, reported by d.
    const d = await createTeam(t.db);
    const ch = await acceptedChallenge(t.db, d.team, b.team);
    const rep = await (await t.signedIn(d.captain.username))
      .post("/api/matches")
      .send({ challengeId: ch.id, team1Id: d.team.id, team2Id: b.team.id, winnerTeamId: d.team.id, score: "[[3,1],[3,2]]" });
    expect(rep.status).toBe(201);
    await t.deliverMail();
    expect(mailsTo(b.partner.email, /challenge/i)).toHaveLength(0);
    expect(mailsTo(b.captain.email, /challenge/i)).toHaveLength(1);
    const result = mailsTo(b.partner.email, /result reported/i);
    expect(result).toHaveLength(1);
    expect(result[0]!.headers["list-unsubscribe"]).toContain(`/api/unsubscribe/${b.partner.id}.results.`);
  });
});

describe("retention", () => {
  it(`removes notifications older than ${NOTIFICATION_RETENTION_DAYS} days, at the time given`, async () => {
    const a = await createTeam(t.db);
    const now = new Date("2030-06-01T12:00:00Z");
    const day = 24 * 3600 * 1000;
    const at = (days: number) => new Date(now.getTime() - days * day);
    await t.db.insert(notifications).values(
      [NOTIFICATION_RETENTION_DAYS + 30, NOTIFICATION_RETENTION_DAYS + 0.01, NOTIFICATION_RETENTION_DAYS - 0.01, 1].map((days) => ({
        userId: a.captain.id,
        type: "challenge.received",
        text: `${days} days old`,
        link: "/challenges",
        createdAt: at(days),
      })),
    );
    const { removed } = await pruneNotifications({ db: t.db }, { now });
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = await t.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, a.captain.id));
    expect(left.map((n) => n.text).sort()).toEqual([`${NOTIFICATION_RETENTION_DAYS - 0.01} days old`, "1 days old"].sort());
  });

  it("runs as a job of the jobs runner (on the real clock)", async () => {
    const a = await createTeam(t.db);
    const old = new Date(Date.now() - (NOTIFICATION_RETENTION_DAYS + 1) * 24 * 3600 * 1000);
    await t.db.insert(notifications).values([
      { userId: a.captain.id, type: "challenge.received", text: "old", link: "/challenges", createdAt: old },
      { userId: a.captain.id, type: "challenge.received", text: "new", link: "/challenges" },
    ]);
    await jobs.find((j) => j.name === "notification-retention")!.run(t.deps);
    const left = await t.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, a.captain.id));
    expect(left.map((n) => n.text)).toEqual(["new"]);
  });
});
