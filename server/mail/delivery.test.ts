// The outbox end to end (docs/decisions/024-outbox-and-notifications.md), on the real app with the
// real SMTP sink: a mail server that is down changes no answer, and every mail arrives once when it
// is back; two workers deliver each mail once; retries back off and end in `failed`; a claim left
// by a crashed worker is taken over. Time is moved by making rows due (next_attempt_at), never waited for.
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { mailOutbox, notifications, users } from "@shared/schema";
import { MAIL_SENT_WINDOW_DAYS } from "@shared/constants";
import { useTestApp, type TestApp } from "../../tests/helpers/app";
import { createAdmin, createTeam, PASSWORD } from "../../tests/helpers/factories";
import { tokenFromLink } from "../../tests/helpers/smtp-sink";
import { registration } from "../modules/accounts/accounts.fixtures";
import { createMailer } from "./mailer";
import { MailDelivery, RETRY_DELAYS_SECONDS } from "./delivery";
import { queueMail, sealBody } from "./outbox";

let t: TestApp;
useTestApp((app) => (t = app));

/** Makes every queued mail due now (as if its retry delay had passed). */
const makeDue = () => t.db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'queued'`);
const rows = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id);

describe("a mail server that is down", () => {
  it("register, challenge, accept, report and dispute all succeed; once it is back every mail arrives exactly once", async () => {
    await t.deliverMail();
    await t.mail.stop();
    t.mail.clear();
    const before = (await rows()).length;
    try {
      const reg = await t.request.post("/api/register-team").send(registration());
      expect(reg.status).toBe(201);

      const a = await createTeam(t.db);
      const b = await createTeam(t.db);
      await createAdmin(t.db);
      const admins = await t.db.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), eq(users.isSuspended, false)));
      const capA = await t.signedIn(a.captain.username);
      const capB = await t.signedIn(b.captain.username);
      const challenged = await capA
        .post("/api/challenges")
        .send({ challengedTeamId: b.team.id, location: "UBC grass", competitionType: b.team.competitionType, notes: "Call me at 604-555-0100", proposedDateTime: new Date(Date.now() + 86_400_000).toISOString() });
      expect(challenged.status, JSON.stringify(challenged.body)).toBe(201);
      const accepted = await capB.patch(`/api/challenges/${challenged.body.id}`).send({ status: "accepted" });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const reported = await capA
        .post("/api/matches")
        .send({ challengeId: challenged.body.id, team1Id: a.team.id, team2Id: b.team.id, winnerTeamId: a.team.id, score: "[[3,1],[3,2]]" });
      expect(reported.status, JSON.stringify(reported.body)).toBe(201);
      const disputed = await capB.post(`/api/matches/${reported.body.match.id}/dispute`).send({ reason: "The second set was 2-3, not 3-2." });
      expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);

      // Every attempt fails (the worker tries at once after each commit): each mail is queued again
      // for a minute later, with the error kept.
      await t.deliverMail();
      const waiting = (await rows()).slice(before);
      // captain's verification + partner's invitation, 2 challenge mails, 2 acceptance mails,
      // 2 result mails, 2 dispute mails to the reporting team + 1 to each admin (dispute.opened).
      expect(waiting.map((r) => r.event).sort()).toEqual(
        [
          ...Array<string>(2).fill("account.verification"),
          ...Array<string>(2).fill("challenge.received"),
          ...Array<string>(2).fill("challenge.accepted"),
          ...Array<string>(2).fill("result.reported"),
          ...Array<string>(2).fill("result.disputed"),
          ...Array<string>(admins.length).fill("dispute.opened"),
        ].sort(),
      );
      for (const r of waiting) {
        expect(r.status).toBe("queued");
        expect(r.attempts).toBe(1);
        expect(r.lastError).toMatch(/ECONNREFUSED/);
      }
      expect(t.mail.mails).toHaveLength(0);
    } finally {
      await t.mail.start();
    }

    await makeDue();
    await t.deliverMail();
    const all = (await rows()).slice(before);
    expect(all.every((r) => r.status === "sent" && r.body === null && r.sentAt !== null)).toBe(true);
    // Exactly once each: as many mails as rows, no Message-ID twice, one per (address, subject).
    expect(t.mail.mails).toHaveLength(all.length);
    expect(new Set(t.mail.mails.map((m) => m.messageId)).size).toBe(all.length);
    expect(new Set(t.mail.mails.map((m) => `${m.to.join()}|${m.subject}`)).size).toBe(all.length);
    // Nothing more goes out later.
    await makeDue();
    await t.deliverMail();
    expect(t.mail.mails).toHaveLength(all.length);
    // The links in the mails still work (the verification link, for one).
    const verification = t.mail.mails.find((m) => /verify/i.test(m.subject))!;
    const verified = await t.request.post(`/api/verify-email/${tokenFromLink(verification, "/verify-email/")}`).send({});
    expect(verified.status).toBe(200);
  });

  it("the notifications are written with the change: the challenged team's members each get one", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const capA = await t.signedIn(a.captain.username, PASSWORD);
    const res = await capA
      .post("/api/challenges")
      .send({ challengedTeamId: b.team.id, location: "UBC grass", competitionType: b.team.competitionType, notes: "Call me at 604-555-0100", proposedDateTime: new Date(Date.now() + 86_400_000).toISOString() });
    expect(res.status).toBe(201);
    const told = await t.db.select().from(notifications).where(eq(notifications.type, "challenge.received"));
    const forB = told.filter((n) => n.userId === b.captain.id || n.userId === b.partner.id);
    expect(forB).toHaveLength(2);
    expect(told.some((n) => n.userId === a.captain.id || n.userId === a.partner.id)).toBe(false);
    expect(forB[0]!.link).toBe("/challenges");
  });

  it("a refused change queues nothing (the mail rolls back with it)", async () => {
    const a = await createTeam(t.db);
    const b = await createTeam(t.db);
    const capA = await t.signedIn(a.captain.username);
    const body = { challengedTeamId: b.team.id, location: "UBC grass", competitionType: b.team.competitionType, notes: "Call me at 604-555-0100", proposedDateTime: new Date(Date.now() + 86_400_000).toISOString() };
    expect((await capA.post("/api/challenges").send(body)).status).toBe(201);
    const count = (await rows()).length;
    const again = await capA.post("/api/challenges").send(body);
    expect(again.status).toBe(409);
    expect((await rows()).length).toBe(count);
  });
});

describe("the delivery worker", () => {
  it("two workers on one queue deliver each mail once", async () => {
    await t.deliverMail();
    t.mail.clear();
    const first = (await rows()).length;
    for (let i = 0; i < 30; i++) await queueMail(t.db, "account.recovery", { to: `two-workers-${i}@example.test`, subject: `Mail ${i}`, text: "Hello" });
    // A second instance: its own mailer and worker on the same database.
    const mailer = createMailer({ smtpUrl: t.mail.url, from: t.env.MAIL_FROM, logger: t.deps.logger });
    const other = new MailDelivery({ db: t.db, mailer, logger: t.deps.logger, appUrl: t.env.APP_URL, secret: t.env.SESSION_SECRET });
    try {
      await Promise.all([t.deliverMail(), other.deliverDue(), other.deliverDue()]);
      await t.deliverMail();
    } finally {
      mailer.close();
    }
    const mine = t.mail.mails.filter((m) => m.to[0]?.startsWith("two-workers-"));
    expect(mine).toHaveLength(30);
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(30);
    expect((await rows()).slice(first).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("retries after 1 min, 5 min, 30 min, 2 h and 12 h, then marks the mail failed", async () => {
    await t.deliverMail();
    await t.mail.stop();
    try {
      await queueMail(t.db, "account.recovery", { to: "retry@example.test", subject: "Retried", text: "Hello" });
      // The first attempt: made by the worker the queueing woke, or else by this call, which waits
      // for that run. Making the mail due before it ended would let that run try it twice.
      await t.deliverMail();
      const row = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "retry@example.test")))[0]!;
      for (const [i, delay] of RETRY_DELAYS_SECONDS.entries()) {
        if (i > 0) {
          await makeDue();
          await t.deliverMail();
        }
        const r = await row();
        expect(r.status).toBe("queued");
        expect(r.attempts).toBe(i + 1);
        const [due] = await t.db
          .select({ inSeconds: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::float` })
          .from(mailOutbox)
          .where(eq(mailOutbox.id, r.id));
        expect(Math.round(Number(due!.inSeconds) / 10) * 10).toBe(delay);
      }
      await makeDue();
      await t.deliverMail();
      const r = await row();
      expect(r.status).toBe("failed");
      expect(r.attempts).toBe(RETRY_DELAYS_SECONDS.length + 1);
      expect(r.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await t.mail.start();
    }
  });

  it("a mail claimed by a worker that crashed is sent again once its claim runs out, with the same Message-ID", async () => {
    await t.deliverMail();
    t.mail.clear();
    // A worker claimed it and died before marking it: still `sending`, claim not yet run out.
    await t.db.insert(mailOutbox).values({
      event: "account.recovery",
      recipient: "crash@example.test",
      subject: "After a crash",
      body: sealBody("Hello"),
      status: "sending",
      attempts: 1,
      nextAttemptAt: new Date(Date.now() + 10 * 60_000),
    });
    await t.deliverMail();
    expect(t.mail.to("crash@example.test")).toHaveLength(0);
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now() where recipient = 'crash@example.test'`);
    await t.deliverMail();
    expect(t.mail.to("crash@example.test")).toHaveLength(1);
    const [r] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "crash@example.test"));
    expect(r!.status).toBe("sent");
    expect(r!.attempts).toBe(2);
    const mail = t.mail.to("crash@example.test")[0]!;
    expect(mail.messageId).toBe(`<${r!.messageKey}@localhost>`);
  });
});

describe("the admin's Mail delivery card (GET /api/admin/mail-delivery, POST /api/admin/mail-delivery/retry)", () => {
  it("counts queued, sent and failed mails, lists the failed ones, and Retry sends them", async () => {
    await t.deliverMail();
    t.mail.clear();
    // Two mails whose every attempt failed.
    await t.db.insert(mailOutbox).values(
      [1, 2].map((i) => ({
        event: "account.recovery",
        recipient: `gave-up-${i}@example.test`,
        subject: `Given up ${i}`,
        body: sealBody("Hello"),
        status: "failed" as const,
        attempts: 6,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
      })),
    );
    const { agent } = await t.signedInAdmin();
    const card = await agent.get("/api/admin/mail-delivery");
    expect(card.status).toBe(200);
    const all = await rows();
    expect(card.body.sent).toBe(all.filter((r) => r.status === "sent").length);
    // Sent counts the last MAIL_SENT_WINDOW_DAYS days only: a mail sent before then is not counted.
    await t.db.update(mailOutbox).set({ sentAt: new Date(Date.now() - (MAIL_SENT_WINDOW_DAYS + 1) * 86_400_000) }).where(eq(mailOutbox.id, all.find((r) => r.status === "sent")!.id));
    expect((await agent.get("/api/admin/mail-delivery")).body.sent).toBe(all.filter((r) => r.status === "sent").length - 1);
    expect(card.body.failed).toBe(all.filter((r) => r.status === "failed").length);
    expect(card.body.queued).toBe(all.filter((r) => r.status === "queued" || r.status === "sending").length);
    const listed = (card.body.failedMails as { recipient: string; subject: string; lastError: string; attempts: number; id: number }[]).filter((f) => f.recipient.startsWith("gave-up-"));
    expect(listed.map((f) => f.subject).sort()).toEqual(["Given up 1", "Given up 2"]);
    expect(listed[0]).toMatchObject({ attempts: 6, lastError: "connect ECONNREFUSED 127.0.0.1:25" });
    expect(JSON.stringify(card.body)).not.toContain("Hello");

    // Retry one by id, then the rest; each arrives once.
    const one = await agent.post("/api/admin/mail-delivery/retry").send({ ids: [listed[0]!.id] });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ message: "1 mail queued again.", retried: 1 });
    await t.deliverMail();
    expect(t.mail.to(listed[0]!.recipient)).toHaveLength(1);
    const rest = await agent.post("/api/admin/mail-delivery/retry").send({ all: true });
    expect(rest.body.retried).toBeGreaterThanOrEqual(1);
    await t.deliverMail();
    expect(t.mail.to(listed[1]!.recipient)).toHaveLength(1);
    expect(t.mail.to(listed[0]!.recipient)).toHaveLength(1);
    // Nothing left to retry; a bad body is a 400 with a message.
    expect((await agent.post("/api/admin/mail-delivery/retry").send({ all: true })).body.retried).toBe(0);
    const bad = await agent.post("/api/admin/mail-delivery/retry").send({ ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });
});
