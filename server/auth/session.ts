// Sessions live in PostgreSQL on both databases (connect-pg-simple over the pg Pool or PGlite).
import session from "express-session";
import connectPgSimple from "connect-pg-simple";
import type { Request, RequestHandler } from "express";
import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { loadSessionWithUser, type SessionUser } from "../modules/auth/current-user";
import type { ReadCache } from "../lib/read-cache";
import { AppError } from "../lib/app-error";
import { databaseUnavailable, MESSAGES } from "../db/errors";
import type { DeploymentCheck } from "../config/deployment";
import { requestLog } from "../middleware/request-context";

export const SESSION_COOKIE = "dl.sid";
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;

export interface SessionOptions {
  database: Database;
  /** Session reads go through it: a repeat request of a session costs no database round trip. */
  readCache: ReadCache;
  secret: string;
  secureCookie: boolean;
  /** Minutes between expired-session prunes; false in tests. */
  pruneMinutes: number | false;
  /** Told of requests that could never get the Secure cookie (server/config/deployment.ts). */
  deployment?: DeploymentCheck;
}

/** What the store hands passport's deserializer for one session id (server/auth/passport.ts). */
interface UserHandoff {
  takeUser(sid: string): SessionUser | null | undefined;
}

/**
 * The user that was loaded together with this request's session (same statement), or undefined
 * when none was (no session, a session without a signed-in user, or another request of the same
 * session took it first: then passport's deserializer loads the user itself). Taken once.
 */
export function takePreloadedUser(req: Request): SessionUser | null | undefined {
  const store = req.sessionStore as Partial<UserHandoff> | undefined;
  return typeof store?.takeUser === "function" ? store.takeUser(req.sessionID) : undefined;
}

export function sessionMiddleware(options: SessionOptions): { middleware: RequestHandler; close: () => void } {
  const PgStore = connectPgSimple(session);
  const { database, readCache } = options;
  let pruneStarted = options.pruneMinutes === false;
  /** A session as the read cache keeps it: its data as text (each request parses its own copy). */
  interface CachedSession {
    sessJson: string;
    expiresAt: number;
    userId: number | null;
    user: SessionUser | undefined;
  }
  const load = async (sid: string): Promise<CachedSession | null> => {
    const found = await loadSessionWithUser(database.db, sid);
    if (!found) return null;
    return { sessJson: JSON.stringify(found.sess), expiresAt: found.expire.getTime(), userId: found.userId, user: found.user };
  };
  // The user read with a session waits here, by session id, for the same request's deserializer
  // (express-session's req.sessionStore and req.sessionID; passport's deserializer gets req).
  const handoff = new Map<string, SessionUser | null>();
  /**
   * connect-pg-simple, except that reading a session also reads its user and team in the same
   * statement, through the read cache: the first request of a session costs one round trip, the
   * next ones none until the data changes. Any write to sessions, users or teams (a sign-out, a
   * suspension, a deleted team) empties the cache: on this instance before the write's request
   * answers, on the others when its notification arrives (decision 011).
   */
  class SessionStore extends PgStore implements UserHandoff {
    takeUser(sid: string): SessionUser | null | undefined {
      const user = handoff.get(sid);
      handoff.delete(sid);
      return user;
    }

    override get(sid: string, fn: (err: unknown, sess?: session.SessionData | null) => void): void {
      if (!pruneStarted) {
        pruneStarted = true;
        this.pruneSessions();
      }
      readCache.get(`session:${sid}`, () => load(sid)).then(
        (found) => {
          if (!found || found.expiresAt < Date.now()) return fn(null, null);
          const sess = JSON.parse(found.sessJson) as session.SessionData;
          // A copy of the user: a request may change its own req.user. (An entry no deserializer
          // took, which should not happen, is dropped with the others past 10,000.)
          if (found.userId !== null) {
            if (handoff.size > 10_000) handoff.clear();
            handoff.set(sid, found.user ? { ...found.user } : null);
          }
          fn(null, sess);
        },
        (err: unknown) => fn(sessionUnavailable(err)),
      );
    }
  }
  const store = new SessionStore({
    // connect-pg-simple only needs query(text, params) → { rows }: both drivers provide it.
    pool: options.database.raw as never,
    tableName: "session",
    createTableIfMissing: false,
    ttl: SESSION_TTL_SECONDS,
    disableTouch: true,
    pruneSessionInterval: options.pruneMinutes === false ? false : options.pruneMinutes * 60,
    errorLog: () => undefined,
  });
  const expressSession = session({
    name: SESSION_COOKIE,
    store,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    // "keep": express-session deletes the stored session at the end of a request that has a session
    // cookie but no req.session, which is also the state after a failed session read; with
    // "destroy" a database hiccup on reading signed the member out for good. Sign-out and the
    // other endings destroy the session explicitly.
    unset: "keep",
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: options.secureCookie,
      maxAge: SESSION_TTL_SECONDS * 1000,
      path: "/",
    },
  });
  // express-session saves a changed session when the response ends, after the status and most of the
  // body are written (a sign-in saves twice: passport saves the regenerated session itself, and the
  // id change makes express-session save it again). A failure there reached Express's final handler,
  // which can only destroy the socket: the client saw its 200 cut off. The session was saved once
  // already; the failure is logged and the answer completes.
  const middleware: RequestHandler = (req, res, next) => {
    options.deployment?.observe(req);
    expressSession(req, res, (err?: unknown) => {
      if (err !== undefined && res.headersSent) {
        requestLog(req).warn({ event: "session.save_failed", err: databaseUnavailable(err)?.code ?? (err as Error)?.message }, "session save after the answer failed");
        return;
      }
      next(err);
    });
  };
  return { middleware, close: () => store.close() };
}

/**
 * A session that could not be read (the database is down, cut, or failing): the request answers 503
 * and the session stays as it is, so the same cookie works again once the database answers.
 */
function sessionUnavailable(err: unknown): AppError {
  const error = new AppError(503, databaseUnavailable(err)?.message ?? MESSAGES.unreachable, { code: "unavailable" });
  (error as { cause?: unknown }).cause = err;
  return error;
}

/** Ends every session of one user: suspension, deletion, password reset, team deletion. */
export async function endSessionsOfUsers(db: DbOrTx, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = userIds.map(String);
  await db.execute(sql`delete from "session" where (sess -> 'passport' ->> 'user') in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`);
}
