// Fixed-window rate limits for the account endpoints, kept in the `rate_limits` table so every
// server instance shares them. One INSERT ... ON CONFLICT DO UPDATE ... RETURNING per check
// (every key of the attempt in the same statement), on PGlite and PostgreSQL alike.
//
// Keys (docs/decisions/014-accounts-admins-second-factor.md): each attempt counts against the
// address, against each account it names, and against that account from that address. A stranger
// must not be able to lock an account (OWASP authentication cheat sheet): an address is refused
// when it made too many attempts, or made too many on that account, or when the account as a whole
// is over its limit AND this address already tried it in the window. An address that has not
// tried the account (its owner, elsewhere) still gets through.
import crypto from "node:crypto";
import type { Request, Response } from "express";
import { sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "../db/client";
import type { Logger } from "./logger";
import { AppError } from "./app-error";

export const RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000;

export interface RateLimitHit {
  key: string;
  count: number;
  /** Seconds until the window of this key ends. */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against each key and returns the counters after the increment. Takes the
 * database, never an open transaction (it would make that whole transaction's commit non-durable).
 */
export async function hitRateLimits(db: Db, keys: string[], windowMs = RATE_LIMIT_WINDOW_MS): Promise<RateLimitHit[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const windowSeconds = Math.max(1, Math.round(windowMs / 1000));
  const keyRows = sql.join(
    unique.map((k) => sql`(${k})`),
    sql`, `,
  );
  // A counter needs no durable commit (a crash loses at most the last fraction of a second of
  // counts): set_config(..., true) switches synchronous_commit off for this statement's own
  // transaction, so its commit does not wait for the WAL flush. That matters because every request
  // from one address updates the same row, and waits for the previous one's commit.
  const res = await db.execute(sql`
    insert into rate_limits as r (key, count, reset_at)
    select v.key, 1, now() + make_interval(secs => ${windowSeconds}::double precision)
    from (values ${keyRows}) as v(key)
    where set_config('synchronous_commit', 'off', true) is not null
    -- The rows in key order, the order forgiveKeys locks them in: two statements locking the same
    -- rows in different orders deadlock on PostgreSQL.
    order by v.key
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.key as key, r.count as count,
      greatest(1, ceil(extract(epoch from (r.reset_at - now()))))::int as retry_after`);
  const rows = rowsOf<{ key: string; count: number | string; retry_after: number | string }>(res);
  return rows.map((r) => ({ key: r.key, count: Number(r.count), retryAfterSeconds: Number(r.retry_after) }));
}

/**
 * Removes counters whose window ended long ago (called now and then, never on the hot path's
 * answer). It skips a row an attempt is counting at that moment rather than wait for it: waiting
 * on rows taken in another order than a count takes them could deadlock.
 */
export async function pruneRateLimits(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    delete from rate_limits
    where key in (select key from rate_limits where reset_at < now() - interval '1 hour' for update skip locked)`);
}

/** Account identifiers are hashed: the table never holds usernames, emails or tokens. */
export function accountKey(action: string, account: string): string {
  const digest = crypto.createHash("sha256").update(account.trim().toLowerCase(), "utf8").digest("hex").slice(0, 40);
  return `${action}:acct:${digest}`;
}

export function ipKey(action: string, ip: string | undefined): string {
  return `${action}:ip:${(ip ?? "unknown").slice(0, 100)}`;
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(429, `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`, {
    title: "Too Many Attempts",
    code: "rate_limited",
  });
}

export interface RateLimitOptions {
  db: Db;
  logger: Logger;
  /** Short name of the action, part of every key: "login", "register", "reset-request"... */
  action: string;
  /** Attempts allowed per key per window. */
  max: number;
  /** The account(s) the attempt is about (username, email, token) from the request (path, session). Non-strings are ignored. */
  accounts?: (req: Request) => unknown[];
  /** The account(s) named in the body (the parsed JSON, unchecked): the limit then counts once the body is read. */
  bodyAccounts?: (body: Record<string, unknown>) => unknown[];
  windowMs?: number;
}

/** The account keys counted for a request, so a success can take its attempt back (forgiveAttempt). */
const counted = new WeakMap<Request, { db: Db; keys: string[] }>();

/** The keys of one attempt: the address, and for each account the account and account + address. */
export function attemptKeys(action: string, ip: string | undefined, accounts: unknown[]): { ip: string; accounts: { account: string; fromIp: string }[] } {
  const address = ipKey(action, ip);
  const out: { account: string; fromIp: string }[] = [];
  for (const value of accounts) {
    if (typeof value !== "string" || value.trim() === "") continue;
    const account = accountKey(action, value.slice(0, 500));
    out.push({ account, fromIp: `${account}:ip:${(ip ?? "unknown").slice(0, 100)}` });
  }
  return { ip: address, accounts: out };
}

/**
 * Which scope refuses the attempt, from the counters after it was counted: "ip" (this address, any
 * account), "account-ip" (this address on this account), "account" (the account is over its limit
 * and this address already tried it in this window); undefined when it may go ahead.
 */
export function refusal(
  keys: ReturnType<typeof attemptKeys>,
  count: (key: string) => number,
  max: number,
): "ip" | "account-ip" | "account" | undefined {
  if (count(keys.ip) > max) return "ip";
  for (const k of keys.accounts) {
    const fromIp = count(k.fromIp);
    if (fromIp > max) return "account-ip";
    // fromIp counts this attempt too: above 1 means this address had tried this account before.
    if (count(k.account) > max && fromIp > 1) return "account";
  }
  return undefined;
}

/**
 * A route's rate limit, run by the route helper (server/lib/route.ts) before the handler. A limit
 * that counts accounts named in the body (`readsBody`) cannot count before the body is read: the
 * helper calls gate() first, which refuses an address already over its limit without reading
 * anything, then count() with the parsed body.
 */
export interface RateLimiter {
  readonly action: string;
  readonly readsBody: boolean;
  /** Refuses (429) an address that is already over its limit for this action; counts nothing. */
  gate(req: Request, res: Response): Promise<void>;
  /** Counts the attempt (address, accounts, accounts from this address); refused → 429 with Retry-After. */
  count(req: Request, res: Response, body: unknown): Promise<void>;
}

export function rateLimit(options: RateLimitOptions): RateLimiter {
  const refuse = (res: Response, retryAfter: number) => {
    res.setHeader("Retry-After", String(retryAfter));
    return tooManyAttempts(retryAfter);
  };
  return {
    action: options.action,
    readsBody: options.bodyAccounts !== undefined,
    async gate(req, res) {
      const key = ipKey(options.action, req.ip);
      const rows = await options.db.execute(sql`
        select count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as retry_after
        from rate_limits where key = ${key} and reset_at > now()`);
      const row = rowsOf<{ count: number | string; retry_after: number | string }>(rows)[0];
      if (!row || Number(row.count) < options.max) return;
      options.logger.warn({ event: "auth.rate_limited", action: options.action, scope: "ip", unread: true }, "rate limit reached");
      throw refuse(res, Number(row.retry_after));
    },
    async count(req, res, body) {
      const fields = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const accounts = [...(options.accounts?.(req) ?? []), ...(options.bodyAccounts?.(fields) ?? [])];
      const keys = attemptKeys(options.action, req.ip, accounts);
      const all = [keys.ip, ...keys.accounts.flatMap((k) => [k.account, k.fromIp])];
      const hits = await hitRateLimits(options.db, all, options.windowMs);
      // Now and then, clear old counters (self-contained: no separate job needed).
      if (Math.random() < 0.01) void pruneRateLimits(options.db).catch(() => undefined);
      const byKey = new Map(hits.map((h) => [h.key, h]));
      const scope = refusal(keys, (k) => byKey.get(k)?.count ?? 0, options.max);
      if (scope === undefined) {
        counted.set(req, { db: options.db, keys: all.filter((k) => k !== keys.ip) });
        return;
      }
      const retryAfter = Math.max(...hits.filter((h) => h.count > options.max).map((h) => h.retryAfterSeconds), 1);
      options.logger.warn({ event: "auth.rate_limited", action: options.action, scope }, "rate limit reached");
      throw refuse(res, retryAfter);
    },
  };
}

/**
 * Takes back the account counts of this request's attempt: for actions where only failures count
 * (a correct password, a correct second-factor code). The address's own count stays.
 */
export async function forgiveAttempt(req: Request): Promise<void> {
  const entry = counted.get(req);
  counted.delete(req);
  if (entry) await forgiveKeys(entry.db, entry.keys);
}

/**
 * Takes one attempt back from each key's counter (forgiveAttempt's statement). The rows are locked
 * in key order first, the order hitRateLimits counts them in (both ORDER BY the key, one
 * collation): an update alone locks them in whatever order its plan reads them, and deadlocked with
 * a concurrent count on PostgreSQL.
 */
export async function forgiveKeys(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key in (select key from rate_limits where key in (${list}) order by key for update)`);
}
