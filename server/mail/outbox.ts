// The transactional outbox (docs/decisions/024-outbox-and-notifications.md). A service that changes
// something a member cares about calls queueMail with the transaction of that change: one
// mail_outbox row per address, committed (or rolled back) with the change. Nothing here talks to
// SMTP: the delivery worker (server/mail/delivery.ts) sends the rows through the mailer.
import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { emailOptOuts, mailOutbox, users } from "@shared/schema";
import { ALWAYS_SENT, EVENT_CATEGORY, type EmailCategory, type EventType } from "@shared/constants";
import type { DbOrTx } from "../db/client";
import type { MailMessage } from "./mailer";
import { QueueSignal } from "../lib/queue-worker";

/** What caused a mail or a notification: its type, and the mail category it obeys (shared/constants). */
export type { EventType } from "@shared/constants";

/** Wakes the delivery worker of this process when mail is queued. */
export const mailQueued = new QueueSignal();

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

/**
 * Queues each message for each of its addresses, in `db`'s transaction. Duplicate addresses of one
 * message get one mail; empty ones none. A mail of an optional category (EVENT_CATEGORY) is not
 * queued for a member who turned that category off, and carries the member's id, from which the
 * worker signs the one-click unsubscribe link (docs/product.md, "Notification emails").
 */
export async function queueMail(db: DbOrTx, event: EventType, messages: MailMessage | MailMessage[]): Promise<number> {
  const list = (Array.isArray(messages) ? messages : [messages]).map((m) => ({
    message: m,
    to: [...new Set((Array.isArray(m.to) ? m.to : [m.to]).map((a) => a.trim()).filter(Boolean))],
  }));
  const category = EVENT_CATEGORY[event];
  const members = category === ALWAYS_SENT ? undefined : await membersByAddress(db, category, list.flatMap((m) => m.to));
  const rows = list.flatMap(({ message: m, to }) => {
    const body = sealBody(m.text);
    const html = m.html === undefined ? null : sealBody(m.html);
    return to.flatMap((recipient) => {
      const member = members?.get(recipient.toLowerCase());
      if (member?.optedOut) return [];
      return [{ event, recipient, subject: m.subject, body, html, userId: member?.id ?? null }];
    });
  });
  if (rows.length === 0) return 0;
  await db.insert(mailOutbox).values(rows);
  mailQueued.notify();
  return rows.length;
}

/** The members with these addresses (lower-cased), and whether each turned `category` off. */
async function membersByAddress(db: DbOrTx, category: EmailCategory, addresses: string[]): Promise<Map<string, { id: number; optedOut: boolean }>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, optedOut: sql<boolean>`${emailOptOuts.userId} is not null` })
    .from(users)
    .leftJoin(emailOptOuts, and(eq(emailOptOuts.userId, users.id), eq(emailOptOuts.category, category)))
    .where(inArray(sql`lower(${users.email})`, [...new Set(addresses.map((a) => a.toLowerCase()))]));
  return new Map(rows.map((r) => [r.email.toLowerCase(), { id: r.id, optedOut: Boolean(r.optedOut) }]));
}
