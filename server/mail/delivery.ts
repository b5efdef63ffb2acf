// The outbox's delivery worker (docs/decisions/024-outbox-and-notifications.md), on every instance.
//
// Claim: one statement moves a batch of due mails (`queued`, or `sending` whose claim ran out: a
// worker that crashed) to `sending`, with `next_attempt_at` = now + CLAIM; the rows are picked with
// FOR UPDATE SKIP LOCKED, so two workers never claim the same row. Then each mail goes through the
// mailer (SMTP, or the embedded console + DATA_DIR/outbox) with its stable Message-ID and is marked
// `sent` (its body dropped: it may hold a live link), or put back to `queued` after the next delay
// of RETRY_DELAYS_SECONDS, or `failed` after the last. A crash between sending and marking sends the
// mail again when the claim runs out: a mail may arrive twice, it is never lost.
//
// When: at once whenever this process queues mail, and on its data changes for a few seconds after
// (the COMMIT of the transaction that queued it), so a mail normally leaves within a moment of its
// transaction's commit; when
// the next retry comes due (a timer set after each run); and at start-up and every
// SWEEP_INTERVAL_SECONDS from the jobs runner (server/jobs), in case a timer was missed.
import { and, eq, inArray, min, sql } from "drizzle-orm";
import { mailOutbox, sqlLiterals, type OutboxMail } from "@shared/schema";
import { ALWAYS_SENT, DUE_MAIL_STATUSES, EMAIL_CATEGORY_LABELS, EVENT_CATEGORY, MAIL_STATUS, type EventType } from "@shared/constants";
import type { Db } from "../db/client";
import type { DataChanges } from "../db/changes";
import type { Logger } from "../lib/logger";
import type { Mailer } from "./mailer";
import { mailQueued, openBody, useOutboxSecret } from "./outbox";
import { unsubscribeLinks, unsubscribeToken } from "./unsubscribe";
import type { Metrics } from "../lib/metrics";
import { QueueWorker } from "../lib/queue-worker";

/** After the 1st … 5th failed attempt: wait 1 min, 5 min, 30 min, 2 h, 12 h; the 6th failure is final. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 12 * 3600] as const;
/** How long a claim holds its mails: far longer than one batch can take with the SMTP timeouts. */
export const CLAIM_SECONDS = 10 * 60;
export const BATCH_SIZE = 20;

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailDeliveryOptions {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Message-IDs are `<key@host>` with the host of APP_URL. */
  appUrl: string;
  /** SESSION_SECRET: queued bodies are sealed under a key derived from it (server/mail/outbox.ts). */
  secret: string;
  /** Counts each attempt's outcome for /api/metrics. */
  metrics?: Pick<Metrics, "mailAttempt">;
}

export class MailDelivery extends QueueWorker<DeliveryResult> {
  private readonly host: string;

  constructor(private readonly options: MailDeliveryOptions) {
    super(options.logger, "mail.delivery_failed");
    this.host = new URL(options.appUrl).hostname || "localhost";
    useOutboxSecret(options.secret);
  }

  /**
   * Wakes on queued mail until stop(). A mail is queued inside its change's transaction, which may
   * not have committed yet when the signal arrives (PostgreSQL): the data changes of this process
   * (a COMMIT is one) wake the worker too, but only for a moment after mail was queued, so an
   * instance that sends no mail runs no claim per write (server/lib/queue-worker.ts).
   */
  start(changes?: DataChanges): this {
    return this.listen(mailQueued, changes);
  }

  protected emptyResult(): DeliveryResult {
    return { sent: 0, retried: 0, failed: 0 };
  }

  protected async drain(total: DeliveryResult): Promise<void> {
    while (!this.stopped) {
      const batch = await this.claim();
      if (batch.length === 0) return;
      for (const [i, mail] of batch.entries()) {
        if (this.stopped) {
          await this.release(batch.slice(i));
          return;
        }
        const outcome = await this.deliver(mail);
        total[outcome]++;
        this.options.metrics?.mailAttempt(outcome);
      }
    }
  }

  protected async nextDueAt(): Promise<Date | null | undefined> {
    const [next] = await this.options.db
      .select({ at: min(mailOutbox.nextAttemptAt) })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, [...DUE_MAIL_STATUSES]));
    return next?.at;
  }

  private async claim(): Promise<OutboxMail[]> {
    const { db } = this.options;
    // One statement, outside any transaction: the claim is committed before the first send.
    return db
      .update(mailOutbox)
      .set({ status: MAIL_STATUS.sending, attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(
        sql`${mailOutbox.id} in (select id from mail_outbox where status in (${sqlLiterals(DUE_MAIL_STATUSES)}) and next_attempt_at <= now()
          order by next_attempt_at, id limit ${BATCH_SIZE} for update skip locked)`,
      )
      .returning();
  }

  /** Gives claimed mails not tried yet back to the queue, due now (at shutdown). */
  private async release(mails: OutboxMail[]): Promise<void> {
    const ids = mails.map((m) => m.id);
    if (ids.length === 0) return;
    await this.options.db
      .update(mailOutbox)
      .set({ status: MAIL_STATUS.queued, attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, MAIL_STATUS.sending)));
  }

  /**
   * An optional mail (its event's category may be turned off) to a member: the signed one-click
   * link for the List-Unsubscribe header and a footer with the confirm page's link (RFC 8058).
   * Signed now, from the member's id and the category, so the queue holds no live link.
   */
  private unsubscribeOf(mail: OutboxMail): { oneClick: string; footer: string } | undefined {
    const category = EVENT_CATEGORY[mail.event as EventType] as (typeof EVENT_CATEGORY)[EventType] | undefined;
    if (mail.userId === null || category === undefined || category === ALWAYS_SENT) return undefined;
    const links = unsubscribeLinks(this.options.appUrl, unsubscribeToken(this.options.secret, mail.userId, category));
    const label = EMAIL_CATEGORY_LABELS[category].label.toLowerCase();
    const settings = `${this.options.appUrl.replace(/\/+$/, "")}/profile`;
    return {
      oneClick: links.oneClick,
      footer: `--\nYou get this email because emails about ${label} are on.\nStop emails about ${label}: ${links.page}\nAll notification settings: ${settings}`,
    };
  }

  private async deliver(mail: OutboxMail): Promise<keyof DeliveryResult> {
    const { db, mailer, logger } = this.options;
    const mine = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, MAIL_STATUS.sending), eq(mailOutbox.attempts, mail.attempts));
    try {
      const unsubscribe = this.unsubscribeOf(mail);
      const text = openBody(mail.body ?? "");
      await mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        text: unsubscribe ? `${text}\n\n${unsubscribe.footer}` : text,
        ...(mail.html ? { html: openBody(mail.html) } : {}),
        messageId: `<${mail.messageKey}@${this.host}>`,
        ...(unsubscribe ? { unsubscribeUrl: unsubscribe.oneClick } : {}),
      });
    } catch (err) {
      const message = (err as Error).message || String(err);
      const delay = RETRY_DELAYS_SECONDS[mail.attempts - 1];
      if (delay === undefined) {
        await db.update(mailOutbox).set({ status: MAIL_STATUS.failed, lastError: message.slice(0, 500) }).where(mine);
        logger.error({ event: "mail.gave_up", mailId: mail.id, attempts: mail.attempts }, "mail failed for good");
        return "failed";
      }
      await db
        .update(mailOutbox)
        .set({ status: MAIL_STATUS.queued, lastError: message.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
        .where(mine);
      logger.warn({ event: "mail.retry_later", mailId: mail.id, attempts: mail.attempts, inSeconds: delay }, "mail will be retried");
      return "retried";
    }
    await db.update(mailOutbox).set({ status: MAIL_STATUS.sent, sentAt: new Date(), body: null, html: null, lastError: null }).where(mine);
    return "sent";
  }
}
