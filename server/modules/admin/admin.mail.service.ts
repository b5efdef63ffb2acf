// The admin's Mail delivery card: how many mails of the outbox are queued, sent and failed, the
// failed ones, and Retry (a failed mail goes back to the queue, due now, with its attempts reset).
// docs/decisions/024-outbox-and-notifications.md.
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { mailOutbox } from "@shared/schema";
import { DUE_MAIL_STATUSES, MAIL_SENT_WINDOW_DAYS, MAIL_STATUS } from "@shared/constants";
import { rowsOf } from "../../db/client";
import type { MailDeliveryStatus, MailRetryResult } from "@shared/types/admin";
import { FAILED_MAIL_LIST_LIMIT, type MailRetryInput } from "@shared/validators/admin";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";

/**
 * The outbox's mails by status: queued (with those being sent), sent in the last
 * MAIL_SENT_WINDOW_DAYS days, failed; for the card and /api/metrics. Each count is a range of its
 * own index (the due mails, the sent ones by time, the status): the mails of the club's whole past
 * are never counted.
 */
export async function countMailByStatus(deps: Deps<"db">): Promise<{ queued: number; sent: number; failed: number }> {
  const counted = (where: SQL | undefined) => sql`(select count(*) from ${mailOutbox} where ${where})::int`;
  const [row] = rowsOf<{ queued: number; sent: number; failed: number }>(
    await deps.db.execute(sql`select
      ${counted(inArray(mailOutbox.status, DUE_MAIL_STATUSES))} as queued,
      ${counted(and(eq(mailOutbox.status, MAIL_STATUS.sent), sql`${mailOutbox.sentAt} > now() - make_interval(days => ${MAIL_SENT_WINDOW_DAYS})`))} as sent,
      ${counted(eq(mailOutbox.status, MAIL_STATUS.failed))} as failed`),
  );
  return { queued: Number(row?.queued ?? 0), sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0) };
}

export async function getMailDelivery(deps: Deps<"db">): Promise<MailDeliveryStatus> {
  const [counts, failed] = await Promise.all([
    countMailByStatus(deps),
    deps.db
      .select({
        id: mailOutbox.id,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        lastError: mailOutbox.lastError,
        attempts: mailOutbox.attempts,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, MAIL_STATUS.failed))
      .orderBy(desc(mailOutbox.id))
      .limit(FAILED_MAIL_LIST_LIMIT),
  ]);
  return {
    ...counts,
    failedMails: failed.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}

/** Puts failed mails back in the queue, due now; the worker is woken at once. */
export async function retryFailedMail(
  deps: Deps<"db" | "logger" | "mailDelivery">,
  input: { retry: MailRetryInput; actor: Pick<Actor, "id"> },
): Promise<MailRetryResult> {
  const which = "ids" in input.retry ? inArray(mailOutbox.id, input.retry.ids) : undefined;
  const rows = await deps.db
    .update(mailOutbox)
    .set({ status: MAIL_STATUS.queued, attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(mailOutbox.status, MAIL_STATUS.failed), which))
    .returning({ id: mailOutbox.id });
  deps.logger.info({ event: "admin.mail_retry", adminId: input.actor.id, mails: rows.length }, "failed mail queued again");
  if (rows.length > 0) deps.mailDelivery.wake();
  return {
    message: rows.length === 1 ? "1 mail queued again." : `${rows.length} mails queued again.`,
    retried: rows.length,
  };
}
