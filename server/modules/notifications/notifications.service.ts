// Telling members about a change (docs/product.md, "Notifications and mail"): the service that
// makes the change calls tell() in its transaction, which writes one notification per affected user
// and queues one mail per address (server/mail/outbox.ts); both commit, or roll back, with the change.
import { and, eq, inArray } from "drizzle-orm";
import { notifications, users } from "@shared/schema";
import type { DbOrTx } from "../../db/client";
import type { MailMessage } from "../../mail/mailer";
import { queueMail, type EventType } from "../../mail/outbox";

/** People to tell: their user ids (notifications) and addresses (mail). */
export interface Recipients {
  userIds: number[];
  emails: string[];
}

const recipients = (rows: { id: number; email: string }[]): Recipients => ({
  userIds: [...new Set(rows.map((r) => r.id))],
  emails: [...new Set(rows.map((r) => r.email).filter(Boolean))],
});

/** The members of teams (captain and partner, with or without a login). */
export async function teamRecipients(db: DbOrTx, teamIds: number[]): Promise<Recipients> {
  if (teamIds.length === 0) return { userIds: [], emails: [] };
  return recipients(await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.teamId, teamIds)));
}

/** The admins who are not suspended. */
export async function adminRecipients(db: DbOrTx): Promise<Recipients> {
  return recipients(
    await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.isSuspended, false))),
  );
}

/** One user. */
export async function userRecipients(db: DbOrTx, userIds: number[]): Promise<Recipients> {
  if (userIds.length === 0) return { userIds: [], emails: [] };
  return recipients(await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)));
}

/** Those of `a` who are not in `b` (an admin of the reporting team is told once). */
export function without(a: Recipients, b: Recipients): Recipients {
  return { userIds: a.userIds.filter((id) => !b.userIds.includes(id)), emails: a.emails.filter((e) => !b.emails.includes(e)) };
}

export interface TellInput {
  type: EventType;
  /** Notified in the app (one row each). */
  userIds?: readonly number[];
  /** The notification: its text (default: the mail's subject) and the app path where the member acts. */
  text?: string;
  link?: string;
  /** Mail queued, one row per address. */
  mail?: MailMessage;
}

/** Writes the notifications and queues the mail of one event, in `db`'s transaction. */
export async function tell(db: DbOrTx, e: TellInput): Promise<void> {
  const ids = [...new Set(e.userIds ?? [])];
  const text = e.text ?? e.mail?.subject;
  if (ids.length > 0 && text && e.link) {
    await db.insert(notifications).values(ids.map((userId) => ({ userId, type: e.type, text, link: e.link! })));
  }
  if (e.mail) await queueMail(db, e.type, e.mail);
}
