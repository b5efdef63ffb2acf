// The calendar feed (docs/product.md, "Calendar feed"; docs/decisions/029-calendar-feeds-and-availability.md):
// a secret address per member, GET /api/calendar/{token}.ics, holding their team's accepted
// matches. The database keeps only the token's SHA-256 and a random nonce; the token is an HMAC of
// the nonce under SESSION_SECRET, so the profile can show the link again and reset it.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { calendarFeeds } from "@shared/schema";
import type { ChallengeStatus } from "@shared/constants";
import type { CalendarFeedLink } from "@shared/types/calendar";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { hashToken, isWellFormedToken } from "../../auth/tokens";
import { buildCalendar, feedWindowStart, type ChallengeEvent } from "./calendar.ics";
import { rowsOf } from "../../db/client";

/** Calendar apps are asked to look again after this many minutes. */
export const FEED_REFRESH_MINUTES = 60;
/** At most this many events in one feed (a team has a handful; this bounds a read). */
export const FEED_MAX_EVENTS = 500;

function feedToken(secret: string, userId: number, nonce: string): string {
  return crypto.createHmac("sha256", secret).update(`calendar-feed:${userId}:${nonce}`).digest("base64url");
}

function linksOf(appUrl: string, token: string): CalendarFeedLink {
  const url = `${appUrl}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}

/** The member's feed address, or nulls before they made one (or after SESSION_SECRET changed: then they reset it). */
export async function getCalendarFeedLink(deps: Deps<"db" | "env">, input: { actor: Pick<Actor, "id"> }): Promise<CalendarFeedLink> {
  const [row] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, input.actor.id)).limit(1);
  if (!row) return { url: null, webcalUrl: null };
  const token = feedToken(deps.env.SESSION_SECRET, row.userId, row.nonce);
  if (hashToken(token) !== row.tokenHash) return { url: null, webcalUrl: null };
  return linksOf(deps.env.APP_URL, token);
}

/** Makes the member's feed address, or a new one: the old address answers 404 from now on. */
export async function resetCalendarFeed(deps: Deps<"db" | "env" | "logger">, input: { actor: Pick<Actor, "id"> }): Promise<CalendarFeedLink> {
  const userId = input.actor.id;
  const nonce = crypto.randomBytes(32).toString("base64url");
  const token = feedToken(deps.env.SESSION_SECRET, userId, nonce);
  const values = { userId, nonce, tokenHash: hashToken(token), createdAt: new Date() };
  await deps.db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { nonce: values.nonce, tokenHash: values.tokenHash, createdAt: values.createdAt } });
  deps.logger.info({ event: "calendar.feed_reset", userId }, "calendar feed address made");
  return linksOf(deps.env.APP_URL, token);
}

/** A feed as sent: the iCalendar text and its entity tag. */
export interface CalendarFeed {
  body: string;
  etag: string;
}

interface FeedOwnerRow extends Record<string, unknown> {
  team_id: number | null;
  team_name: string | null;
}

interface EventRow extends Record<string, unknown> {
  id: number;
  status: ChallengeStatus;
  location: string;
  notes: string | null;
  response_note: string | null;
  proposed_date_time: Date | string;
  schedule_version: number;
  updated_at: Date | string;
  challenger_name: string;
  challenged_name: string;
}


/**
 * The feed behind a token, or undefined when no live feed has it. Kept in the read cache (one entry
 * per token and window day) until any data changes, so an unchanged feed costs no database work;
 * `beforeDatabase` runs before the first read (the route's rate-limit check).
 */
export async function readCalendarFeed(
  deps: Deps<"db" | "env" | "readCache">,
  input: { token: string; now?: Date; beforeDatabase?: () => Promise<void> },
): Promise<CalendarFeed | undefined> {
  if (!isWellFormedToken(input.token)) return undefined;
  const tokenHash = hashToken(input.token);
  const from = feedWindowStart(input.now ?? new Date());
  const key = `calendar:${from.toISOString().slice(0, 10)}:${tokenHash}`;
  return deps.readCache.get(key, async () => {
    await input.beforeDatabase?.();
    return loadFeed(deps, tokenHash, from);
  });
}

async function loadFeed(deps: Deps<"db" | "env">, tokenHash: string, from: Date): Promise<CalendarFeed | undefined> {
  // A feed stops with its member's standing: suspended, rejected or on a deleted team → none.
  const [owner] = rowsOf<FeedOwnerRow>(
    await deps.db.execute(sql`
      select u.team_id, t.name as team_name
      from calendar_feeds f
      join users u on u.id = f.user_id
      left join teams t on t.id = u.team_id
      where f.token_hash = ${tokenHash}
        and not u.is_suspended and u.rejection_reason is null and t.deleted_at is null`),
  );
  if (!owner) return undefined;
  const events: ChallengeEvent[] = [];
  if (owner.team_id !== null) {
    // Challenges the team agreed to play (accepted at some point), from the window's first day on.
    const rows = rowsOf<EventRow>(
      await deps.db.execute(sql`
        select c.id, c.status, c.location, c.notes, c.response_note, c.proposed_date_time, c.schedule_version, c.updated_at,
               a.name as challenger_name, b.name as challenged_name
        from challenges c
        join teams a on a.id = c.challenger_team_id
        join teams b on b.id = c.challenged_team_id
        where (c.challenger_team_id = ${owner.team_id} or c.challenged_team_id = ${owner.team_id})
          and c.accepted_at is not null
          and c.proposed_date_time >= ${from}
        order by c.proposed_date_time, c.id
        limit ${FEED_MAX_EVENTS}`),
    );
    for (const r of rows) {
      events.push({
        challengeId: r.id,
        status: r.status,
        startsAt: new Date(r.proposed_date_time),
        location: r.location,
        notes: r.notes,
        responseNote: r.response_note,
        challengerName: r.challenger_name,
        challengedName: r.challenged_name,
        scheduleVersion: Number(r.schedule_version),
        updatedAt: new Date(r.updated_at),
      });
    }
  }
  const name = owner.team_name ? `Doubles Ladder: ${owner.team_name}` : "Doubles Ladder";
  const body = buildCalendar(events, { appUrl: deps.env.APP_URL, name, refreshMinutes: FEED_REFRESH_MINUTES });
  return { body, etag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}
