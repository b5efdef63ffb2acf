// An in-process cache of reads that is never stale past a write: every entry belongs to one
// version of the data (server/db/changes.ts), and the whole cache empties when that version moves
// (this process wrote, another instance committed, or the LISTEN connection came or went). While
// changes from other writers could be missed, nothing is read from or written to it.
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { DataChanges } from "../db/changes";
import { clubDay } from "@shared/time";
import type { Clock } from "./clock";

export interface ReadCacheOptions {
  enabled: boolean;
  /** Most entries kept (the oldest go first; every write empties the cache anyway). */
  maxEntries?: number;
  /**
   * Answers that follow the calendar (who is away today, who is inactive: docs/product.md,
   * "Activity") change at the club's midnight without a write: the data version moves when the
   * club day does (looked at, at most once a minute of this clock).
   */
  day?: { clock: Clock; timeZone: string };
}

const DAY_CHECK_MS = 60_000;

export class ReadCache {
  private readonly entries = new Map<string, unknown>();
  private readonly loading = new Map<string, { version: number; promise: Promise<unknown> }>();
  private readonly maxEntries: number;
  private day: string | undefined;
  /**
   * What became of the cached GET answers (cachedRead) since start-up: served from here, loaded and
   * kept, or loaded while the cache could not be used (off, or changes of other writers could be
   * missed). Reported by GET /api/metrics and the bench's mixed run.
   */
  readonly answers = { hit: 0, miss: 0, bypass: 0 };
  private dayCheckedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly changes: DataChanges,
    private readonly options: ReadCacheOptions,
  ) {
    this.maxEntries = options.maxEntries ?? 5_000;
    changes.onChange(() => {
      this.entries.clear();
      this.loading.clear();
    });
  }

  /** Whether the cache may be used right now. */
  get usable(): boolean {
    if (!this.options.enabled) return false;
    this.followDay();
    return this.changes.isLive;
  }

  /** Moves the data version when the club day has changed since it was last looked at. */
  private followDay(): void {
    const day = this.options.day;
    if (!day) return;
    const now = day.clock.now();
    const t = now.getTime();
    if (t < this.dayCheckedAt + DAY_CHECK_MS && t >= this.dayCheckedAt) return;
    this.dayCheckedAt = t;
    const today = clubDay(now, day.timeZone);
    if (today === this.day) return;
    const first = this.day === undefined;
    this.day = today;
    if (!first) this.changes.bump();
  }

  /** The data version a read starting now belongs to (pass it to put). */
  get version(): number {
    return this.changes.current;
  }

  get size(): number {
    return this.entries.size;
  }

  peek<T>(key: string): T | undefined {
    if (!this.usable) return undefined;
    return this.entries.get(key) as T | undefined;
  }

  /** Keeps a value read at `version`, unless the data has moved on since (then it may be stale). */
  put(key: string, value: unknown, version: number): void {
    if (value === undefined || !this.usable || version !== this.changes.current) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    // Oldest first (a Map keeps insertion order).
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /**
   * The cached value, or load()'s, kept for later. Concurrent misses for one key share one load
   * (when they start at the same version). The caller must not mutate what it gets.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.usable) return load();
    const hit = this.peek<T>(key);
    if (hit !== undefined) return hit;
    const version = this.version;
    const pending = this.loading.get(key);
    if (pending && pending.version === version) return pending.promise as Promise<T>;
    const promise = load();
    this.loading.set(key, { version, promise });
    try {
      const value = await promise;
      this.put(key, value, version);
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }
}

/** Marks the route handler cachedRead makes (server/lib/read-cache.rules.test.ts finds cached GETs by it). */
export const CACHED_READ = Symbol("cachedRead");

/**
 * The GET routes of /api that are not cached, and why. Together with the cachedRead marker this
 * declares every GET route one way or the other: server/lib/read-cache.rules.test.ts walks the
 * app's router and fails on a GET route that is neither (a new read must choose) or both.
 */
export const UNCACHED_READS: Record<string, string> = {
  "GET /api/health": "a probe: answers without the database",
  "GET /api/settings/club": "answers from the environment (CLUB_TIMEZONE), without the database",
  "GET /api/push/public-key": "answers the server's VAPID public key from memory, without the database",
  "GET /api/openapi.json": "built once per app in memory from the route table, without the database",
  "GET /api/docs": "the API reference page: fixed HTML, without the database",
  "GET /api/docs/:file": "the reference page's scripts and styles: files read once per process, without the database",
  "GET /api/ready": "a probe: must ask the database every time",
  "GET /api/metrics": "a scrape: the figures of this moment, by bearer token (no session)",
  "GET /api/user": "the signed-in user, which comes with the session (the session itself is cached)",
  "GET /api/invite/:token": "a public token view: one per emailed link, read once or twice",
  "GET /api/reset-password/:token": "a public token view",
  "GET /api/matches/token/:token": "a public token view",
  "GET /api/matches/confirm/:token": "a public token view (a scanner's GET must change nothing and see the live state)",
  "GET /api/challenges/:id/calendar.ics": "a download, rare",
  "GET /api/calendar/:token.ics": "a public token view for calendar apps: kept in the read cache inside, per token, with its ETag (a 304 costs no database work)",
  "GET /api/calendar-feed": "the member's own feed address: rare (the profile), and must be live after a reset",
  "GET /api/admin/pending-users": "admin screen: rare, and must show the live queue",
  "GET /api/disputes/pending": "admin screen: rare, and must show the live queue",
  "GET /api/admin/stats": "admin screen: rare",
  "GET /api/admin/admins": "admin screen: rare",
  "GET /api/admin/mail-delivery": "admin screen: rare, and must show the live queue (the worker's writes move no data version)",
  "GET /api/second-factor": "the admin's own second-factor standing: rare, and must be live",
  "GET /api/admin/teams": "admin screen: rare",
  "GET /api/admin/export-users": "a download of every user (CSV)",
  "GET /api/admin/export-full-backup": "a download of everything, streamed a page at a time, never kept in memory",
  "GET /api/admin/operations/current": "the progress of a running restore or reset: polled, must be live",
  "GET /api/admin/backups": "admin screen: the files of BACKUP_DIR, not the database",
  "GET /api/admin/backups/:name": "a download of a file of BACKUP_DIR",
  "GET /api/admin/rating-model": "admin screen: computed on request (a replay of history per model), rare, and must reflect the latest results",
  "GET /api/settings/header-image": "public and tiny",
  "GET /api/settings/club-rules": "one small row, read by the admin's card and rarely by members",
  "GET /api/settings/club-break": "the banner: one indexed read of the few breaks ahead",
  "GET /api/settings/club-breaks": "the admin's list of breaks: a short table, read only on the admin panel",
  "GET /api/admin/seasons": "the admin's list of seasons: a short table, read only on the admin panel",
  "GET /api/settings/public-ladder": "public and tiny (its one row is read through the cache inside)",
  "GET /api/waiting": "a member's own counts (four indexed counts), read when a page loads and after each change",
  "GET /api/notifications/preferences": "a member's own email switches: tiny, read when the profile opens",
  "GET /api/unsubscribe/:token": "a public token view: one per emailed unsubscribe link, read once or twice",
  "GET /api/events": "a stream of live updates (Server-Sent Events), open for as long as the tab is",
};

/**
 * Tables without a change trigger (migration 0002), and why: no cached read shows them. Every
 * other table of shared/schema must NOTIFY on every write, or another instance's cache would serve
 * stale reads of it; server/lib/read-cache.rules.test.ts checks that on a migrated database.
 */
export const TABLES_WITHOUT_CHANGE_TRIGGER: Record<string, string> = {
  rate_limits: "the rate limiter's counters: no read shows them, and every sign-in and token request writes one",
  data_operations: "progress of restores and resets: read only by the uncached GET /api/admin/operations/current",
  backup_runs: "the scheduled-backup claims, one row per period: no read shows them (the admin list reads BACKUP_DIR)",
  mail_outbox: "the mail queue: read by its delivery worker and the admin's Mail delivery card, neither cached; the worker writes it after every send",
  mfa_recovery_codes: "second-factor recovery codes (hashed): read only by the sign-in code step and GET /api/second-factor, neither cached",
  push_deliveries: "the push queue: read only by the push worker, which writes it after every push (like mail_outbox)",
  ladder_rank_changes:
    "the stored ranks' marks (decision 039): every mark is written in the transaction of a change to a table with the trigger (the inputs), and the refresh that consumes it writes ladder_ranks (which has one) whenever a place moved; a mark alone changes no answer",
};

/** A kept answer: its JSON text, and the text gzipped once the first client that accepts it asks. */
interface CachedAnswer {
  text: string;
  gzipped?: Buffer;
}

/** Answers smaller than this go uncompressed (gzip would save little and cost a header line). */
const GZIP_MIN_BYTES = 1024;
/**
 * gzip levels: an answer kept in the cache is compressed once and sent many times (the smallest
 * output); one that is sent once (the cache off or not usable) is compressed for that one request,
 * where level 1 costs about half of level 6 for a third more bytes (the 39 KB ladder page:
 * 5.0 KB instead of 3.8 KB; docs/performance.md, "Issue 20, second round").
 */
const GZIP_LEVEL_KEPT = 6;
const GZIP_LEVEL_ONCE = 1;

function sendJson(res: Response, body: string | Buffer, gzipped: boolean): void {
  res.set("Content-Type", "application/json; charset=utf-8");
  if (gzipped) res.set("Content-Encoding", "gzip");
  res.send(body);
}

/**
 * Route middleware for an authenticated GET whose answer depends only on the URL, the viewer and
 * the data: a 200 answer is kept as its JSON text, per user and URL, and sent again as it is until
 * the data changes; to a client that accepts gzip (every browser), a larger one is sent gzipped,
 * compressed once per kept answer (or per answer while the cache is bypassed). Anything else (errors, other statuses) is not kept.
 * Requests for one key that miss while its answer is being loaded at the same data version share
 * that load (ReadCache.get; counted as hits: they cost the database nothing); should it end without
 * a 200 answer, each loads its own.
 */
export function cachedRead(cache: ReadCache): RequestHandler {
  const handler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    const key = `read:${req.user?.id ?? 0}:${req.originalUrl}`;
    res.vary("Accept-Encoding");
    const send = (answer: CachedAnswer, level = GZIP_LEVEL_KEPT) => {
      if (answer.text.length >= GZIP_MIN_BYTES && req.acceptsEncodings("gzip", "identity") === "gzip") {
        answer.gzipped ??= zlib.gzipSync(answer.text, { level });
        return sendJson(res, answer.gzipped, true);
      }
      return sendJson(res, answer.text, false);
    };
    const hit = cache.peek<CachedAnswer>(key); // undefined while the cache is not usable
    if (hit !== undefined) {
      cache.answers.hit++;
      return send(hit);
    }
    const kept = cache.usable;
    /** This request's own handler: its 200 answer (sent, and kept by get), or undefined for any other end. */
    const loadOwn = () =>
      new Promise<CachedAnswer | undefined>((resolve) => {
        cache.answers[kept ? "miss" : "bypass"]++;
        const json = res.json.bind(res);
        res.json = (body: unknown) => {
          if (res.statusCode !== 200 || body === undefined) return json(body);
          const answer: CachedAnswer = { text: JSON.stringify(body) };
          send(answer, kept ? GZIP_LEVEL_KEPT : GZIP_LEVEL_ONCE);
          resolve(answer);
          return res;
        };
        // Whatever else ends this request ends the others' wait: an error, another status, a client gone.
        res.once("close", () => resolve(undefined));
        next();
      });
    let loading = false;
    void cache
      .get(key, () => {
        loading = true;
        return loadOwn();
      })
      .then((answer) => {
        if (loading) return; // this request's handler has answered
        if (answer === undefined) return void loadOwn();
        cache.answers.hit++;
        send(answer);
      });
  };
  return Object.assign(handler, { [CACHED_READ]: true });
}
