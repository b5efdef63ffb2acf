// Live updates (docs/decisions/025-live-updates.md): the open event streams of GET /api/events on this
// instance, and how a change reaches them.
//
//   service, in the transaction of its change
//     publishLive(tx, notice)  →  SELECT pg_notify('dl_live_events', payload)
//   COMMIT  →  PostgreSQL delivers it to every instance's LISTEN connection (PGlite: in-process);
//              a rolled-back change publishes nothing
//   EventStreams.deliver  →  each open stream of each user named (or every stream, for a broadcast):
//     "id: <notification id>\ndata: {"type":"challenge.received","id":42}\n\n"
//
// A message says what kind of thing changed and, for a notification, its id: never any data. The
// SSE id is the member's newest notification id sent so far, so a reconnect with Last-Event-ID is
// first sent the notifications it missed (EventStreams.serve, `replay`). Every 25 s a comment keeps
// proxies from closing an idle stream, and the stream's session is checked (a signed-out session's
// streams end). At most MAX_EVENT_STREAMS_PER_USER streams per member on one instance (429). close()
// ends every stream (shutdown): the browser reconnects, to another instance or after the restart.
import type { Request, Response } from "express";
import { sql } from "drizzle-orm";
import { LIVE_MESSAGE, MAX_EVENT_STREAMS_PER_USER, TOO_MANY_STREAMS_MESSAGE, type LiveMessage } from "@shared/types/events";
import type { DbOrTx } from "../db/client";
import { LIVE_CHANNEL, type LiveNotices } from "../db/live-notices";
import { AppError } from "./app-error";
import type { Logger } from "./logger";

/** Notifications written for users ([user id, notification id] pairs), or a change for everyone. */
export type LiveNotice = { type: string; to: (readonly [number, number])[] } | { type: string; all: true };

/** Pairs per NOTIFY: a payload must stay under PostgreSQL's 8,000 bytes. */
const PAIRS_PER_NOTICE = 400;

/**
 * Publishes a notice in `db`'s transaction: delivered to every instance's streams when it commits,
 * never when it rolls back (outside a transaction: when the statement completes).
 */
export async function publishLive(db: DbOrTx, notice: LiveNotice): Promise<void> {
  const payloads: string[] = [];
  if ("all" in notice) payloads.push(JSON.stringify({ type: notice.type, all: true }));
  else
    for (let i = 0; i < notice.to.length; i += PAIRS_PER_NOTICE)
      payloads.push(JSON.stringify({ type: notice.type, to: notice.to.slice(i, i + PAIRS_PER_NOTICE) }));
  for (const payload of payloads) await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

/** A notice as received; undefined when the payload is not one (ignored). */
export function parseNotice(payload: string): LiveNotice | undefined {
  try {
    const v = JSON.parse(payload) as { type?: unknown; to?: unknown; all?: unknown };
    if (typeof v.type !== "string") return undefined;
    if (v.all === true) return { type: v.type, all: true };
    if (!Array.isArray(v.to)) return undefined;
    const to = v.to.filter((p): p is [number, number] => Array.isArray(p) && Number.isInteger(p[0]) && Number.isInteger(p[1]));
    return { type: v.type, to };
  } catch {
    return undefined;
  }
}

/** What a stream is first sent: the notifications missed since Last-Event-ID, and the newest id. */
export interface Replay {
  /** Oldest first; "too many" when more were missed than are worth replaying (the tab reads all again). */
  missed: { id: number; type: string }[] | "too many";
  /** The member's newest notification id (0 when none): the stream's first SSE id. */
  latestId: number;
}

export interface ServeOptions {
  userId: number;
  /** Reads the replay (after the stream is registered, so nothing published meanwhile is lost). */
  replay: () => Promise<Replay>;
  /** Whether the stream's session still stands (checked with each heartbeat). */
  stillSignedIn: () => Promise<boolean>;
}

export interface EventStreamsOptions {
  logger: Logger;
  maxPerUser?: number;
  /** Between heartbeats (a comment line, and the session check). Default 25 s. */
  heartbeatMs?: number;
  /** A stream whose client does not read more than this many bytes is ended (it reconnects). */
  maxBufferedBytes?: number;
}

interface Stream {
  userId: number;
  res: Response;
  /** The newest notification id sent (the SSE id). */
  lastId: number;
  /** Messages that arrived while the replay was being read and sent; null once it is. */
  backlog: { message: LiveMessage; id?: number }[] | null;
  stillSignedIn: () => Promise<boolean>;
}

export class EventStreams {
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly streams = new Set<Stream>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private beating = false;
  private readonly maxPerUser: number;
  private readonly heartbeatMs: number;
  private readonly maxBuffered: number;

  constructor(private readonly options: EventStreamsOptions) {
    this.maxPerUser = options.maxPerUser ?? MAX_EVENT_STREAMS_PER_USER;
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.maxBuffered = options.maxBufferedBytes ?? 256 * 1024;
  }

  /** Delivers the notices of `live` (every instance's commits) until close(). */
  listen(live: LiveNotices): this {
    this.unsubscribe.push(
      live.onNotice((payload) => {
        const notice = parseNotice(payload);
        if (notice) this.deliver(notice);
      }),
      // Notices published while the LISTEN connection was down are lost: every tab reads again.
      live.onResume(() => this.broadcast({ type: LIVE_MESSAGE.resync })),
    );
    this.timer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.timer.unref();
    return this;
  }

  /** Open streams on this instance (all, or one member's). */
  count(userId?: number): number {
    return userId === undefined ? this.streams.size : (this.byUser.get(userId)?.size ?? 0);
  }

  /**
   * Answers GET /api/events: refuses (throws) when closing or past the member's cap; otherwise sends
   * the headers, the replay and `ready`, then whatever is delivered until the client goes away.
   */
  async serve(req: Request, res: Response, o: ServeOptions): Promise<void> {
    if (this.closed) throw new AppError(503, "The server is restarting: live updates resume in a moment.", { code: "shutting_down" });
    if (this.count(o.userId) >= this.maxPerUser) throw new AppError(429, TOO_MANY_STREAMS_MESSAGE, { code: "too_many_streams" });
    const stream: Stream = { userId: o.userId, res, lastId: 0, backlog: [], stillSignedIn: o.stillSignedIn };
    this.add(stream);
    req.on("close", () => this.remove(stream));
    res.status(200);
    res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    // A buffering proxy (nginx) would hold the messages back.
    res.setHeader("X-Accel-Buffering", "no");
    res.flushHeaders();
    req.socket.setNoDelay(true);
    // After the stream ends (a restart), the browser reconnects after 1 to 4 s: spread, so that a
    // thousand tabs do not all come back in the same instant.
    res.write(`retry: ${1_000 + Math.floor(Math.random() * 3_000)}\n\n`);
    let replay: Replay;
    try {
      replay = await o.replay();
    } catch (err) {
      // The database did not answer: end the stream; the browser comes back and tries again.
      this.options.logger.warn({ event: "events.replay_failed", err: (err as Error).message }, "event stream: replay failed");
      this.end(stream);
      return;
    }
    if (!this.streams.has(stream)) return;
    const backlog = stream.backlog ?? [];
    stream.backlog = null;
    if (replay.missed === "too many") this.send(stream, { type: LIVE_MESSAGE.resync });
    else for (const n of replay.missed) this.send(stream, { type: n.type, id: n.id }, n.id);
    this.send(stream, { type: LIVE_MESSAGE.ready }, Math.max(replay.latestId, stream.lastId));
    // What arrived meanwhile, except notifications the replay already sent.
    const replayedUpTo = stream.lastId;
    for (const m of backlog) if (m.id === undefined || m.id > replayedUpTo) this.send(stream, m.message, m.id);
  }

  /** Sends a notice to the streams it concerns. */
  deliver(notice: LiveNotice): void {
    if ("all" in notice) return this.broadcast({ type: notice.type });
    for (const [userId, id] of notice.to) {
      const mine = this.byUser.get(userId);
      if (mine) for (const s of mine) this.send(s, { type: notice.type, id }, id);
    }
  }

  /** Ends every stream and refuses new ones (shutdown). */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const u of this.unsubscribe.splice(0)) u();
    for (const s of [...this.streams]) this.end(s);
  }

  private broadcast(message: LiveMessage): void {
    // One text for every stream (a thousand streams: one JSON.stringify).
    const text = `data: ${JSON.stringify(message)}\n\n`;
    for (const s of this.streams) {
      if (s.backlog) s.backlog.push({ message });
      else this.write(s, text);
    }
  }

  private send(s: Stream, message: LiveMessage, id?: number): void {
    if (s.backlog) {
      s.backlog.push(id === undefined ? { message } : { message, id });
      return;
    }
    let text = "";
    // The SSE id only grows: a reconnect asks for what is newer than everything it was sent.
    if (id !== undefined && id >= s.lastId) {
      s.lastId = id;
      text += `id: ${id}\n`;
    }
    this.write(s, `${text}data: ${JSON.stringify(message)}\n\n`);
  }

  private write(s: Stream, text: string): void {
    // A client that stopped reading: drop it rather than hold its messages (it reconnects, replays).
    if (s.res.writableLength > this.maxBuffered) return this.end(s);
    s.res.write(text);
  }

  private async heartbeat(): Promise<void> {
    // A check still running (a slow database) is not doubled.
    if (this.beating) return;
    this.beating = true;
    try {
      await this.beat();
    } finally {
      this.beating = false;
    }
  }

  private async beat(): Promise<void> {
    const all = [...this.streams];
    for (const s of all) if (!s.backlog) this.write(s, ":\n\n");
    // A session that ended (signed out, suspended, expired) keeps no stream. Checked a few at a time:
    // the session reads mostly come from the read cache.
    for (let i = 0; i < all.length; i += 20) {
      const batch = all.slice(i, i + 20).filter((s) => this.streams.has(s));
      const standing = await Promise.all(batch.map((s) => s.stillSignedIn().catch(() => true)));
      batch.forEach((s, j) => {
        if (!standing[j]) this.end(s);
      });
    }
  }

  private add(s: Stream): void {
    this.streams.add(s);
    let mine = this.byUser.get(s.userId);
    if (!mine) this.byUser.set(s.userId, (mine = new Set()));
    mine.add(s);
  }

  private remove(s: Stream): void {
    if (!this.streams.delete(s)) return;
    const mine = this.byUser.get(s.userId);
    mine?.delete(s);
    if (mine?.size === 0) this.byUser.delete(s.userId);
  }

  private end(s: Stream): void {
    this.remove(s);
    if (!s.res.writableEnded) s.res.end();
  }
}
