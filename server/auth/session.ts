// Sessions live in PostgreSQL on both databases (connect-pg-simple over the pg Pool or PGlite).
import session from "express-session";
import connectPgSimple from "connect-pg-simple";
import type { RequestHandler } from "express";
import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";

export const SESSION_COOKIE = "dl.sid";
const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;

export interface SessionOptions {
  database: Database;
  secret: string;
  secureCookie: boolean;
  /** Minutes between expired-session prunes; false in tests. */
  pruneMinutes: number | false;
}

export function sessionMiddleware(options: SessionOptions): { middleware: RequestHandler; close: () => void } {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    // connect-pg-simple only needs query(text, params) → { rows }: both drivers provide it.
    pool: options.database.raw as never,
    tableName: "session",
    createTableIfMissing: false,
    ttl: SESSION_TTL_SECONDS,
    disableTouch: true,
    pruneSessionInterval: options.pruneMinutes === false ? false : options.pruneMinutes * 60,
    errorLog: () => undefined,
  });
  const middleware = session({
    name: SESSION_COOKIE,
    store,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: "destroy",
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: options.secureCookie,
      maxAge: SESSION_TTL_SECONDS * 1000,
      path: "/",
    },
  });
  return { middleware, close: () => store.close() };
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
