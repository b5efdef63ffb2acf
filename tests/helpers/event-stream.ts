// A client of GET /api/events for tests: one HTTP request held open, its Server-Sent Events parsed
// as they arrive (docs/decisions/025-live-updates.md); and liveNoticesDelivered, which waits for the
// notices already committed.
import http from "node:http";
import { afterEach, beforeEach } from "vitest";
import { sql } from "drizzle-orm";
import type { LiveMessage } from "@shared/types/events";
import type { AppDeps } from "../../server/deps";
import { LIVE_CHANNEL } from "../../server/db/live-notices";

export interface SseMessage {
  /** The SSE id field, when the message had one. */
  id?: string;
  data: LiveMessage;
}

export interface EventStreamClient {
  status: number;
  /** A refusal's JSON body. */
  body: unknown;
  /** Every message so far, in order. */
  messages: SseMessage[];
  /** Comment lines (heartbeats) so far. */
  comments: number;
  /** Resolves with the first message (from `from` on) that matches; rejects if the stream ends first or after `waitMs`. */
  next(match: (m: SseMessage) => boolean, o?: { from?: number; waitMs?: number }): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export interface OpenOptions {
  cookie: string | undefined;
  /** Sent as the Last-Event-ID header (the browser's own reconnect). */
  lastEventId?: string;
  /** Query string, e.g. "lastEventId=12". */
  query?: string;
}

/** Opens a stream; resolves once the answer's headers (and, for a refusal, its body) are in. */
export function openEventStream(base: string, o: OpenOptions): Promise<EventStreamClient> {
  const url = new URL(`${base}/api/events${o.query ? `?${o.query}` : ""}`);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        agent: false,
        headers: {
          accept: "text/event-stream",
          ...(o.cookie ? { cookie: o.cookie } : {}),
          ...(o.lastEventId !== undefined ? { "last-event-id": o.lastEventId } : {}),
        },
      },
      (res) => {
        const messages: SseMessage[] = [];
        const waiters = new Set<() => void>();
        let comments = 0;
        let buffer = "";
        let done = false;
        let endedResolve!: () => void;
        const ended = new Promise<void>((r) => (endedResolve = r));
        const finish = () => {
          if (done) return;
          done = true;
          endedResolve();
          for (const w of waiters) w();
        };
        res.setEncoding("utf8");
        const client: EventStreamClient = {
          status: res.statusCode ?? 0,
          body: undefined,
          messages,
          get comments() {
            return comments;
          },
          next: (match, opts = {}) =>
            new Promise((resolveNext, rejectNext) => {
              const waitMs = opts.waitMs ?? 20_000;
              const check = () => {
                const found = messages.slice(opts.from ?? 0).find(match);
                if (found) return resolveNext(found), true;
                if (done) return rejectNext(new Error(`stream ended without the message; got ${JSON.stringify(messages.map((m) => m.data))}`)), true;
                return false;
              };
              if (check()) return;
              const timer = setTimeout(() => {
                waiters.delete(waiter);
                rejectNext(new Error(`no such message within ${waitMs} ms; got ${JSON.stringify(messages.map((m) => m.data))}`));
              }, waitMs);
              const waiter = () => {
                if (check()) {
                  clearTimeout(timer);
                  waiters.delete(waiter);
                }
              };
              waiters.add(waiter);
            }),
          ended,
          close: () => {
            req.destroy();
            finish();
          },
        };
        if (!String(res.headers["content-type"]).startsWith("text/event-stream")) {
          let text = "";
          res.on("data", (d: string) => (text += d));
          res.on("end", () => {
            try {
              client.body = JSON.parse(text);
            } catch {
              client.body = text;
            }
            finish();
            resolve(client);
          });
          return;
        }
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let id: string | undefined;
            let data: string | undefined;
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) comments++;
              else if (line.startsWith("id: ")) id = line.slice(4);
              else if (line.startsWith("data: ")) data = line.slice(6);
            }
            if (data !== undefined) messages.push({ ...(id !== undefined ? { id } : {}), data: JSON.parse(data) as LiveMessage });
          }
          for (const w of [...waiters]) w();
        });
        res.on("end", finish);
        res.on("close", finish);
        resolve(client);
      },
    );
    req.on("error", reject);
  });
}

let markers = 0;

/**
 * Resolves once the ladder refresher's run in progress has ended and every live-update notice
 * committed before the call has reached `app`'s listener. A marker notice is published and awaited:
 * PostgreSQL delivers the notifications of a channel in commit order (PGlite, in this process, at
 * once). The marker is not JSON, so the event streams ignore it. A test that counts or orders the
 * notices a change sends starts after this, so a notice of its set-up (a factory's refresh of the
 * stored ranks, delivered late on a busy machine) is not taken for one of the change.
 */
export async function liveNoticesDelivered(app: Pick<AppDeps, "db" | "database" | "ladderRanks">): Promise<void> {
  await app.ladderRanks.idle();
  const marker = `test-marker ${process.pid} ${++markers}`;
  let timer: NodeJS.Timeout | undefined;
  let stop = () => {};
  const arrived = new Promise<void>((resolve, reject) => {
    stop = app.database.live.onNotice((payload) => payload === marker && resolve());
    timer = setTimeout(() => reject(new Error("liveNoticesDelivered: the marker notice did not arrive within 10 s (is the LISTEN connection up?)")), 10_000);
  });
  try {
    await app.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${marker})`);
    await arrived;
  } finally {
    clearTimeout(timer);
    stop();
  }
}

/**
 * Until the returned function is called, `app`'s listener hears each live-update notice `ms` later
 * than it arrived (in the same order): the delivery of a busy machine, where a notice can come in
 * after later statements on other connections have answered.
 */
export function deliverNoticesLate(app: Pick<AppDeps, "database">, ms: number): () => void {
  const live = app.database.live;
  const emit = live.emit.bind(live);
  live.emit = (payload) => void setTimeout(() => emit(payload), ms);
  return () => {
    live.emit = emit;
  };
}

/** deliverNoticesLate around each test of the file or describe block that calls it (`app` read when each starts). */
export function hearNoticesLate(app: () => Pick<AppDeps, "database">, ms: number): void {
  let onTime = () => {};
  beforeEach(() => {
    onTime = deliverNoticesLate(app(), ms);
  });
  afterEach(() => onTime());
}
