// Web push through the outbox (docs/decisions/035-web-push.md; docs/product.md, "Push notifications").
//
// Queue: tell() writes the notification rows of an event and, in the same transaction, one
// push_deliveries row per (notification, device the member turned push on) — unless the member
// turned the event's category off (the same switches as email). A refused change queues nothing.
//
// Worker (one per instance, like the mail worker, server/mail/delivery.ts): a claim is one
// `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT 20)` that counts the attempt and moves
// `next_attempt_at` to the claim's expiry, committed before the first push, so two workers never
// claim the same row and no transaction is held open while a push service answers. Each push is
// the notification's own text and link and the app's name (JSON, encrypted to the device with
// aes128gcm and signed with the VAPID key by web-push); then:
//   2xx              → the row is deleted (done);
//   404 / 410        → the device is gone: its subscription is deleted (its queued rows with it);
//   429, 5xx, network → retried after 30 s, 2 min, 10 min, 1 h, then given up (deleted, logged);
//   other 4xx        → refused for good (a bad key, too large): the row is deleted, logged.
// A worker that dies between pushing and deleting leaves the row claimed; when the claim runs out
// another worker pushes it again: a push may arrive twice, it is never lost while the device lives.
import { and, eq, inArray, isNull, lt, min, or, sql } from "drizzle-orm";
import webpush from "web-push";
import { notifications, pushDeliveries, pushSubscriptions } from "@shared/schema";
import { ALWAYS_SENT, EVENT_CATEGORY, type EventType } from "@shared/constants";
import type { PushPayload } from "@shared/types/push";
import { rowsOf, type Db, type DbOrTx } from "../../db/client";
import type { DataChanges } from "../../db/changes";
import type { Logger } from "../../lib/logger";
import { QueueSignal, QueueWorker } from "../../lib/queue-worker";
import type { VapidKeys } from "../../config/vapid";

/** After the 1st … 4th failed attempt; the 5th failure is final (a push hours late is no use). */
export const PUSH_RETRY_DELAYS_SECONDS = [30, 2 * 60, 10 * 60, 3600] as const;
/** How long a claim holds its rows: far longer than a batch of pushes with their timeout. */
export const PUSH_CLAIM_SECONDS = 5 * 60;
const BATCH_SIZE = 20;
/** A push service that does not answer within this is a network error (retried). */
const SEND_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** The title every push shows: the app's name. */
export const PUSH_TITLE = "Doubles Ladder";
/** last_success_at is written at most this often per device (each write is a data change). */
const SUCCESS_MARK_MS = 24 * 3600 * 1000;

/** Wakes the push worker of this process when pushes are queued. */
export const pushQueued = new QueueSignal();

/**
 * Queues one push per (notification, subscribed device of its member), in `db`'s transaction; a
 * member who turned the event's category off gets none (account events have no switch).
 */
export async function queuePush(db: DbOrTx, type: EventType, notificationIds: readonly number[]): Promise<number> {
  if (notificationIds.length === 0) return 0;
  const category = EVENT_CATEGORY[type];
  const optedOut =
    category === ALWAYS_SENT
      ? sql``
      : sql`and not exists (select 1 from email_opt_outs o where o.user_id = n.user_id and o.category = ${category})`;
  const res = await db.execute(sql`
    insert into push_deliveries (notification_id, subscription_id)
    select n.id, s.id from notifications n join push_subscriptions s on s.user_id = n.user_id
    where n.id in (${sql.join(notificationIds.map((id) => sql`${id}`), sql`, `)}) ${optedOut}
    returning id`);
  const rows = rowsOf(res);
  if (rows.length > 0) pushQueued.notify();
  return rows.length;
}

export interface PushResult {
  sent: number;
  retried: number;
  dropped: number;
  gone: number;
}

export interface PushDeliveryOptions {
  db: Db;
  logger: Logger;
  /** The server's VAPID keys (server/config/vapid.ts); none: push is off. */
  vapid: VapidKeys | undefined;
  /** The push request (tests pass none: the real fetch, to the local stand-in). */
  fetch?: typeof fetch;
}

interface Claimed {
  id: number;
  attempts: number;
  text: string;
  link: string;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lastSuccessAt: Date | null;
}

export class PushDelivery extends QueueWorker<PushResult> {
  constructor(private readonly options: PushDeliveryOptions) {
    super(options.logger, "push.delivery_failed");
  }

  /** The VAPID public key browsers subscribe with, or undefined when push is off. */
  get publicKey(): string | undefined {
    return this.options.vapid?.publicKey;
  }

  /** Wakes on queued pushes (and this process's data changes for a moment after) until stop(); start() after stop() resumes. */
  start(changes?: DataChanges): this {
    return this.listen(pushQueued, changes);
  }

  protected emptyResult(): PushResult {
    return { sent: 0, retried: 0, dropped: 0, gone: 0 };
  }

  protected async drain(total: PushResult): Promise<void> {
    const { vapid } = this.options;
    if (!vapid) {
      // Push is off (no keys): nothing queued can ever be sent.
      const cleared = await this.options.db.delete(pushDeliveries).returning({ id: pushDeliveries.id });
      total.dropped += cleared.length;
      return;
    }
    while (!this.stopped) {
      const batch = await this.claim();
      if (batch.length === 0) return;
      for (const push of batch) {
        if (this.stopped) return; // the rest go back when their claim runs out
        total[await this.deliver(push, vapid)]++;
      }
    }
  }

  protected async nextDueAt(): Promise<Date | null | undefined> {
    const [next] = await this.options.db.select({ at: min(pushDeliveries.nextAttemptAt) }).from(pushDeliveries);
    return next?.at;
  }

  private async claim(): Promise<Claimed[]> {
    const { db } = this.options;
    // One statement, outside any transaction: the claim is committed before the first push.
    const claimed = await db
      .update(pushDeliveries)
      .set({ attempts: sql`${pushDeliveries.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${PUSH_CLAIM_SECONDS})` })
      .where(
        sql`${pushDeliveries.id} in (select id from push_deliveries where next_attempt_at <= now()
          order by next_attempt_at, id limit ${BATCH_SIZE} for update skip locked)`,
      )
      .returning({ id: pushDeliveries.id, attempts: pushDeliveries.attempts });
    if (claimed.length === 0) return [];
    const attempts = new Map(claimed.map((c) => [c.id, c.attempts]));
    const rows = await db
      .select({
        id: pushDeliveries.id,
        text: notifications.text,
        link: notifications.link,
        subscriptionId: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        lastSuccessAt: pushSubscriptions.lastSuccessAt,
      })
      .from(pushDeliveries)
      .innerJoin(notifications, eq(notifications.id, pushDeliveries.notificationId))
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
      .where(inArray(pushDeliveries.id, [...attempts.keys()]))
      .orderBy(pushDeliveries.id);
    return rows.map((r) => ({ ...r, attempts: attempts.get(r.id)! }));
  }

  /** Sends one push; answers the push service's HTTP status, or throws on a network error. */
  private async send(push: Claimed, vapid: VapidKeys): Promise<number> {
    const payload: PushPayload = { title: PUSH_TITLE, body: push.text, link: push.link };
    const details = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, JSON.stringify(payload), {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
    });
    const headers = Object.fromEntries(
      Object.entries(details.headers as Record<string, string | number>)
        .filter(([k]) => k.toLowerCase() !== "content-length")
        .map(([k, v]) => [k, String(v)]),
    );
    // No redirects: the push service answers itself, or the push fails (the address was checked when
    // the browser subscribed, docs/decisions/035-web-push.md).
    const res = await (this.options.fetch ?? fetch)(details.endpoint, {
      method: details.method,
      headers,
      body: details.body,
      redirect: "error",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    return res.status;
  }

  private async deliver(push: Claimed, vapid: VapidKeys): Promise<keyof PushResult> {
    const { db, logger } = this.options;
    const mine = and(eq(pushDeliveries.id, push.id), eq(pushDeliveries.attempts, push.attempts));
    let status: number | undefined;
    let error: string;
    try {
      status = await this.send(push, vapid);
      error = `push service answered ${status}`;
    } catch (err) {
      error = ((err as Error).cause as Error | undefined)?.message ?? ((err as Error).message || String(err));
    }
    if (status !== undefined && status >= 200 && status < 300) {
      await db.delete(pushDeliveries).where(mine);
      if (!push.lastSuccessAt || Date.now() - push.lastSuccessAt.getTime() > SUCCESS_MARK_MS) {
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: new Date() })
          .where(and(eq(pushSubscriptions.id, push.subscriptionId), or(isNull(pushSubscriptions.lastSuccessAt), lt(pushSubscriptions.lastSuccessAt, new Date(Date.now() - SUCCESS_MARK_MS)))));
      }
      return "sent";
    }
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the push service expired it: the device is gone.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId));
      logger.info({ event: "push.subscription_gone", subscriptionId: push.subscriptionId, status }, "push subscription removed: the push service says it is gone");
      return "gone";
    }
    const temporary = status === undefined || status === 429 || status >= 500;
    const delay = temporary ? PUSH_RETRY_DELAYS_SECONDS[push.attempts - 1] : undefined;
    if (delay === undefined) {
      await db.delete(pushDeliveries).where(mine);
      logger.warn({ event: "push.gave_up", deliveryId: push.id, subscriptionId: push.subscriptionId, attempts: push.attempts, status, err: error.slice(0, 200) }, "push not delivered");
      return "dropped";
    }
    await db
      .update(pushDeliveries)
      .set({ lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
      .where(mine);
    logger.warn({ event: "push.retry_later", deliveryId: push.id, attempts: push.attempts, inSeconds: delay, status }, "push will be retried");
    return "retried";
  }
}
