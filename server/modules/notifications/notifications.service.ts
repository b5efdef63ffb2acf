// Telling members about a change (docs/product.md, "Events and notifications"): the service that
// makes the change calls tell() in its transaction, which writes one notification per affected user
// and queues one mail per address (server/mail/outbox.ts); both commit, or roll back, with the change.
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { notifications, users } from "@shared/schema";
import type { NotificationsPage, NotificationsReadResult } from "@shared/types/notifications";
import type { NotificationsQuery, NotificationsReadInput } from "@shared/validators/notifications";
import type { DbOrTx } from "../../db/client";
import type { TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import type { MailMessage } from "../../mail/mailer";
import { queueMail, type EventType } from "../../mail/outbox";
import { offsetOf, pageOf } from "../../lib/paging";
import { publishLive } from "../../lib/live-events";

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

/**
 * Writes the notifications and queues the mail of one event, in `db`'s transaction; each member's
 * open tabs hear of their notification when it commits (live updates, server/lib/live-events.ts).
 */
export async function tell(db: DbOrTx, e: TellInput): Promise<void> {
  const ids = [...new Set(e.userIds ?? [])];
  const text = e.text ?? e.mail?.subject;
  if (ids.length > 0 && text && e.link) {
    const written = await db
      .insert(notifications)
      .values(ids.map((userId) => ({ userId, type: e.type, text, link: e.link! })))
      .returning({ id: notifications.id, userId: notifications.userId });
    await publishLive(db, { type: e.type, to: written.map((n) => [n.userId, n.id] as const) });
  }
  if (e.mail) await queueMail(db, e.type, e.mail);
}

async function countOf(db: DbOrTx, userId: number, unreadOnly: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined));
  return Number(row?.n ?? 0);
}

const unreadCount = (db: DbOrTx, userId: number) => countOf(db, userId, true);

/** GET /api/notifications: the member's own, newest first, a page at a time (shared/paging.ts). */
export async function listNotifications(
  deps: TxDeps<"db">,
  query: NotificationsQuery & { actor: Pick<Actor, "id"> },
): Promise<NotificationsPage> {
  const { db } = deps;
  const userId = query.actor.id;
  const [rows, total, unread] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(query.limit).offset(offsetOf(query)),
    countOf(db, userId, false),
    unreadCount(db, userId),
  ]);
  const items = rows.map((n) => ({
    id: n.id,
    type: n.type,
    text: n.text,
    link: n.link,
    createdAt: n.createdAt.toISOString(),
    readAt: n.readAt ? n.readAt.toISOString() : null,
  }));
  return { ...pageOf(items, total, query), unreadCount: unread };
}

/** POST /api/notifications/read: marks the member's own (ids of others' are ignored). */
export async function markNotificationsRead(
  deps: TxDeps<"db">,
  o: { read: NotificationsReadInput; actor: Pick<Actor, "id"> },
): Promise<NotificationsReadResult> {
  const { db } = deps;
  const userId = o.actor.id;
  const input = o.read;
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), "ids" in input ? inArray(notifications.id, input.ids) : undefined))
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: await unreadCount(db, userId) };
}
