// Telling members about a change (docs/product.md, "Events and notifications"): the service that
// makes the change calls tell() in its transaction, which writes one notification per affected user
// and queues one mail per address (server/mail/outbox.ts); both commit, or roll back, with the change.
import { and, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import { emailOptOuts, notifications, users } from "@shared/schema";
import { EMAIL_CATEGORIES, NOTIFICATION_RETENTION_DAYS, type EmailCategory } from "@shared/constants";
import type { EmailPreferences, NotificationPreferences, NotificationsPage, NotificationsReadResult, UnsubscribeView } from "@shared/types/notifications";
import {
  UNSUBSCRIBE_LINK_INVALID,
  type NotificationPreferencesInput,
  type NotificationsQuery,
  type NotificationsReadInput,
} from "@shared/validators/notifications";
import type { DbOrTx } from "../../db/client";
import type { Deps, TxDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { readUnsubscribeToken } from "../../mail/unsubscribe";
import type { Actor } from "../../auth/actor";
import type { MailMessage } from "../../mail/mailer";
import { queueMail, type EventType } from "../../mail/outbox";
import { offsetOf, pageOf } from "../../lib/paging";
import { publishLive } from "../../lib/live-events";
import { queuePush } from "./push-delivery";

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
 * Writes the notifications, queues their pushes and the mail of one event, in `db`'s transaction;
 * each member's open tabs hear of their notification when it commits (live updates,
 * server/lib/live-events.ts).
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
    // And a push to each device the member turned push on (docs/product.md, "Push notifications").
    await queuePush(db, e.type, written.map((n) => n.id));
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

async function emailPreferencesOf(db: DbOrTx, userId: number): Promise<EmailPreferences> {
  const off = await db.select({ category: emailOptOuts.category }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  const offSet = new Set(off.map((r) => r.category));
  return Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, !offSet.has(c)])) as EmailPreferences;
}

/** Turns categories on (deletes the opt-out) or off (adds it); the others stay. */
async function setEmailCategories(db: DbOrTx, userId: number, email: Partial<EmailPreferences>): Promise<void> {
  const entries = Object.entries(email).filter((e): e is [EmailCategory, boolean] => e[1] !== undefined);
  const off = entries.filter(([, on]) => !on).map(([c]) => c);
  const on = entries.filter(([, v]) => v).map(([c]) => c);
  if (off.length > 0) await db.insert(emailOptOuts).values(off.map((category) => ({ userId, category }))).onConflictDoNothing();
  if (on.length > 0) await db.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.category, on)));
}

/** GET /api/notifications/preferences: the member's own email switches (docs/product.md, "Notification emails"). */
export async function getNotificationPreferences(deps: TxDeps<"db">, input: { actor: Pick<Actor, "id"> }): Promise<NotificationPreferences> {
  return { email: await emailPreferencesOf(deps.db, input.actor.id) };
}

/** PUT /api/notifications/preferences: turns the named categories on or off. */
export async function updateNotificationPreferences(
  deps: Deps<"db" | "logger">,
  input: NotificationPreferencesInput & { actor: Pick<Actor, "id"> },
): Promise<NotificationPreferences> {
  const userId = input.actor.id;
  const email = await deps.db.transaction(async (tx) => {
    await setEmailCategories(tx, userId, input.email);
    return emailPreferencesOf(tx, userId);
  });
  deps.logger.info({ event: "notifications.preferences", userId, email }, "notification preferences changed");
  return { email };
}

/** The member and category of an unsubscribe link, or the 400 every bad link gets (forged, altered, a member gone). */
async function unsubscribeTarget(deps: Deps<"db" | "env">, token: string): Promise<{ userId: number; category: EmailCategory }> {
  const target = readUnsubscribeToken(deps.env.SESSION_SECRET, token);
  const refuse = () => new AppError(400, UNSUBSCRIBE_LINK_INVALID, { title: "Unsubscribe Failed", code: "invalid_token" });
  if (!target) throw refuse();
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, target.userId)).limit(1);
  if (!user) throw refuse();
  return target;
}

/** GET /api/unsubscribe/{token}: what the confirm page shows; changes nothing (mail scanners open links). */
export async function viewUnsubscribeLink(deps: Deps<"db" | "env">, input: { token: string }): Promise<UnsubscribeView> {
  const { userId, category } = await unsubscribeTarget(deps, input.token);
  return { category, emailOn: (await emailPreferencesOf(deps.db, userId))[category] };
}

/** POST /api/unsubscribe/{token}: one-click (RFC 8058), no sign-in; turns the link's category off. */
export async function unsubscribeByLink(deps: Deps<"db" | "env" | "logger">, input: { token: string }): Promise<UnsubscribeView> {
  const { userId, category } = await unsubscribeTarget(deps, input.token);
  await setEmailCategories(deps.db, userId, { [category]: false });
  deps.logger.info({ event: "notifications.unsubscribed", userId, category }, "email category turned off by its unsubscribe link");
  return { category, emailOn: false };
}

/**
 * Removes notifications older than NOTIFICATION_RETENTION_DAYS (docs/product.md,
 * "Notification centre"); a job runs it (server/jobs). `now` is the clock (tests pass their own).
 */
export async function pruneNotifications(deps: TxDeps<"db">, input: { now?: Date } = {}): Promise<{ removed: number }> {
  const cutoff = new Date((input.now ?? new Date()).getTime() - NOTIFICATION_RETENTION_DAYS * 24 * 3600 * 1000);
  const removed = await deps.db.delete(notifications).where(lt(notifications.createdAt, cutoff)).returning({ id: notifications.id });
  return { removed: removed.length };
}
