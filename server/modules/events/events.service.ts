// What a member's event stream is first sent (docs/decisions/025-live-updates.md): the notifications
// written for them since the tab's last event id, and their newest notification id.
import { and, asc, eq, gt, max } from "drizzle-orm";
import { notifications } from "@shared/schema";
import type { TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import type { Replay } from "../../lib/live-events";

/** More missed than this: the tab is told to read everything again instead of each one. */
export const REPLAY_MAX = 50;

/** The member's notifications newer than `after` (none when the tab had no id: a new tab). */
export async function listMissedEvents(deps: TxDeps<"db">, input: { actor: Pick<Actor, "id">; after: number | undefined }): Promise<Replay> {
  const { db } = deps;
  const userId = input.actor.id;
  const [latest] = await db.select({ id: max(notifications.id) }).from(notifications).where(eq(notifications.userId, userId));
  const latestId = Number(latest?.id ?? 0);
  if (input.after === undefined || input.after >= latestId) return { missed: [], latestId };
  const rows = await db
    .select({ id: notifications.id, type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, input.after)))
    .orderBy(asc(notifications.id))
    .limit(REPLAY_MAX + 1);
  return { missed: rows.length > REPLAY_MAX ? "too many" : rows, latestId };
}
