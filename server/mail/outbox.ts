// The transactional outbox (docs/decisions/024-outbox-and-notifications.md). A service that changes
// something a member cares about calls queueMail with the transaction of that change: one
// mail_outbox row per address, committed (or rolled back) with the change. Nothing here talks to
// SMTP: the delivery worker (server/mail/delivery.ts) sends the rows through the mailer.
import crypto from "node:crypto";
import { mailOutbox } from "@shared/schema";
import type { DbOrTx } from "../db/client";
import type { MailMessage } from "./mailer";

/** What caused a mail or a notification (the notification's `type`, the mail row's `event`). */
export type EventType =
  | "challenge.received"
  | "challenge.accepted"
  | "challenge.declined"
  | "challenge.canceled"
  | "challenge.expired"
  | "challenge.reminder"
  | "result.reminder"
  | "approval.reminder"
  | "result.reported"
  | "result.confirmed"
  | "result.disputed"
  | "result.withdrawn"
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

// A queued mail may hold a live link (verification, reset, invitation, match confirmation), and
// emailed secrets are never stored in plain (docs/security.md): the body is sealed with AES-256-GCM
// under a key derived from SESSION_SECRET until it is sent, then dropped. The delivery worker sets
// the key when it is created (every instance has one, before any request).
let sealingKey: Buffer | undefined;
const SEALED_PREFIX = "v1:";

/** Sets the key that seals queued mail bodies (from SESSION_SECRET; every instance shares it). */
export function useOutboxSecret(secret: string): void {
  sealingKey = crypto.createHash("sha256").update(`doubles-ladder mail outbox\0${secret}`).digest();
}

function key(): Buffer {
  if (!sealingKey) throw new Error("mail outbox: no sealing key (create the MailDelivery worker first)");
  return sealingKey;
}

export function sealBody(text: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64");
}

/** Throws when the body was sealed under another key (SESSION_SECRET changed) or altered. */
export function openBody(sealed: string): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error("mail outbox: body is not sealed");
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

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
    const body = sealBody(m.text);
    const html = m.html === undefined ? null : sealBody(m.html);
    return to.map((recipient) => ({ event, recipient, subject: m.subject, body, html }));
  });
  if (rows.length === 0) return 0;
  await db.insert(mailOutbox).values(rows);
  for (const listener of queuedListeners) listener();
  return rows.length;
}
