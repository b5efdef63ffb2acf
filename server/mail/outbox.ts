// The transactional outbox (docs/decisions/024-outbox-and-notifications.md). A service that changes
// something a member cares about calls queueMail with the transaction of that change: one
// mail_outbox row per address, committed (or rolled back) with the change. Nothing here talks to
// SMTP: the delivery worker (server/mail/delivery.ts) sends the rows through the mailer.
import { mailOutbox } from "@shared/schema";
import type { DbOrTx } from "../db/client";
import type { MailMessage } from "./mailer";

/** What caused a mail or a notification (the notification's `type`, the mail row's `event`). */
export type EventType =
  | "challenge.received"
  | "challenge.accepted"
  | "challenge.declined"
  | "challenge.canceled"
  | "result.reported"
  | "result.confirmed"
  | "result.disputed"
  | "dispute.resolved"
  | "account.registration"
  | "account.verification"
  | "account.verified"
  | "account.approved"
  | "account.rejected"
  | "account.suspended"
  | "account.unsuspended"
  | "account.recovery"
  | "account.password_reset"
  | "account.admin_rights"
  | "team.deleted"
  | "team.restored";

const queuedListeners = new Set<() => void>();

/** Called (in this process) each time mail is queued: the delivery worker wakes up. */
export function onMailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/**
 * Queues each message for each of its addresses, in `db`'s transaction. Duplicate addresses of one
 * message get one mail; empty ones none.
 */
export async function queueMail(db: DbOrTx, event: EventType, messages: MailMessage | MailMessage[]): Promise<number> {
  const rows = (Array.isArray(messages) ? messages : [messages]).flatMap((m) => {
    const to = [...new Set((Array.isArray(m.to) ? m.to : [m.to]).map((a) => a.trim()).filter(Boolean))];
    return to.map((recipient) => ({ event, recipient, subject: m.subject, body: m.text, html: m.html ?? null }));
  });
  if (rows.length === 0) return 0;
  await db.insert(mailOutbox).values(rows);
  for (const listener of queuedListeners) listener();
  return rows.length;
}
