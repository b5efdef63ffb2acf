// Which database failures are the database being out of reach or refusing work (the request
// answers 503 with a clear message and can be retried), as opposed to a bug (500). Used by the
// error handler (server/middleware/error-handler.ts), the session store (server/auth/session.ts)
// and readiness (server/db/health.ts).

export type UnavailableReason =
  /** Unreachable, connection lost, shutting down, too many connections. */
  | "unreachable"
  /** Disk full, out of memory or another resource limit: reads may work, writes fail. */
  | "out_of_resources"
  /** The server accepts only reads (a standby after a failover, or a read-only data directory). */
  | "read_only";

export interface Unavailable {
  reason: UnavailableReason;
  /** SQLSTATE or Node error code, when there is one. */
  code: string | undefined;
  /** What to tell the caller. */
  message: string;
}

export const MESSAGES: Record<UnavailableReason, string> = {
  unreachable: "The service is temporarily unavailable. Please try again in a moment.",
  out_of_resources: "The server cannot save changes right now: its database is out of space or memory. Please try again later.",
  read_only: "The server cannot save changes right now: its database accepts only reads. Please try again later.",
};

// SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html).
const BY_CODE: Record<string, UnavailableReason> = {
  // Class 53, insufficient resources: insufficient_resources, disk_full, out_of_memory,
  // too_many_connections, configuration_limit_exceeded.
  "53000": "out_of_resources",
  "53100": "out_of_resources",
  "53200": "out_of_resources",
  "53300": "unreachable",
  "53400": "out_of_resources",
  // Class 57P, operator intervention: admin_shutdown (pg_terminate_backend), crash_shutdown,
  // cannot_connect_now (starting up, recovering), database_dropped, idle_session_timeout.
  "57P01": "unreachable",
  "57P02": "unreachable",
  "57P03": "unreachable",
  "57P04": "unreachable",
  "57P05": "unreachable",
  // read_only_sql_transaction: a hot standby (after a failover the old primary's address may
  // point at one) or default_transaction_read_only.
  "25006": "read_only",
  // Class 58, system errors: io_error (the disk failed a write or read), undefined_file.
  "58030": "out_of_resources",
  // Node's socket errors.
  ECONNREFUSED: "unreachable",
  ECONNRESET: "unreachable",
  ETIMEDOUT: "unreachable",
  EPIPE: "unreachable",
  EHOSTUNREACH: "unreachable",
  ENETUNREACH: "unreachable",
  ENOTFOUND: "unreachable",
  EAI_AGAIN: "unreachable",
  // Disk errors of the embedded database's files.
  ENOSPC: "out_of_resources",
  EDQUOT: "out_of_resources",
  EROFS: "read_only",
};

// pg's own errors for a lost or unusable connection carry no code, only these messages.
const LOST_CONNECTION =
  /timeout exceeded when trying to connect|Connection terminated|is not queryable|connection ended while it was in use|Query read timeout/i;

/** The database is out of reach or refusing work (walks the error's causes), else undefined. */
export function databaseUnavailable(err: unknown): Unavailable | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 6 && cur && typeof cur === "object"; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string") {
      const reason = BY_CODE[code] ?? (/^08[0-9A-Z]{3}$/.test(code) ? "unreachable" : undefined);
      if (reason) return { reason, code, message: MESSAGES[reason] };
    }
    const message = (cur as { message?: unknown }).message;
    if (typeof message === "string" && LOST_CONNECTION.test(message)) {
      return { reason: "unreachable", code: typeof code === "string" ? code : undefined, message: MESSAGES.unreachable };
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
