import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import { z } from "zod";
import { AppError } from "../lib/app-error";
import { zodToAppError } from "./validate";
import { databaseUnavailable } from "../db/errors";
import { healthOf } from "../db/health";
import { requestLog } from "./request-context";

/** The answer to an /api path no route serves (also a route that is switched off, like /api/metrics without its token). */
export const noApiRoute = (req: Pick<Request, "method" | "path">): AppError =>
  new AppError(404, `No API route for ${req.method} ${req.path.split("/").slice(0, 4).join("/")}`, { code: "not_found" });

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(noApiRoute(req));
};

interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The one error path: operational errors keep their message; anything else is a hidden 500. */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  let appError: AppError | undefined;
  if (err instanceof AppError) appError = err;
  else if (err instanceof z.ZodError) appError = zodToAppError(err);
  else if (isClientHttpError(err)) appError = new AppError(err.status, err.status === 404 ? "Not found." : "Bad request.");
  else {
    const pgErr = findPgError(err);
    if (pgErr?.code === "23505") appError = new AppError(409, "That record already exists.", { code: "conflict" });
    else if (pgErr?.code === "23503") appError = new AppError(409, "A related record does not exist.", { code: "conflict" });
    else if (pgErr?.code === "22P02" || pgErr?.code === "22003" || pgErr?.code === "22001" || pgErr?.code === "22021" || pgErr?.code === "22P05")
      appError = new AppError(400, "Invalid value in the request.", { code: "bad_request" });
  }
  const log = requestLog(req);
  // The database out of reach, out of space, or read-only: 503 with what to expect (server/db/errors.ts).
  const unavailable = appError ? undefined : (healthOf(req.app)?.noteError(err) ?? databaseUnavailable(err));
  if (unavailable) {
    appError = new AppError(503, unavailable.message, { code: "unavailable" });
    log.error({ event: "db.unavailable", reason: unavailable.reason, code: unavailable.code, err: safeErrorForLog(err).cause ?? safeErrorForLog(err).message }, "database unavailable");
    res.status(503).json(appError.toJSON());
    return;
  }
  if (!appError) {
    log.error({ event: "error.unhandled", reqId: req.id, err: safeErrorForLog(err) }, "unhandled error");
    res.status(500).json({ message: "Something went wrong on our side. Please try again.", code: "internal", requestId: req.id });
    return;
  }
  if (appError.status >= 500) {
    const cause = (err as { cause?: unknown }).cause;
    log.error({ event: "error.operational", err: appError.message, ...(cause ? { cause: safeErrorForLog(cause).message } : {}) }, "server error");
  }
  res.status(appError.status).json(appError.toJSON());
};

function isClientHttpError(err: unknown): err is { status: number } {
  const status = (err as { status?: unknown })?.status;
  return typeof status === "number" && status >= 400 && status < 500 && (err as { expose?: unknown }).expose === true;
}

function findPgError(err: unknown): PgLikeError | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    const code = (cur as PgLikeError).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return cur as PgLikeError;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What of an unknown error may be logged: its message and stack without a failed query's bound
 * parameters (drizzle's "Failed query: … params: …" would carry password hashes or token hashes),
 * plus the database's own error code and message when there is one.
 */
export function safeErrorForLog(err: unknown): { message: string; stack?: string; code?: string; cause?: string } {
  const strip = (text: string | undefined) => (text ?? "").replace(/\nparams:[\s\S]*$/, "\nparams: [redacted]");
  const e = err as Error | undefined;
  const pg = findPgError(err) as (PgLikeError & { message?: string }) | undefined;
  // The driver's error under drizzle's "Failed query: …" (with or without a SQLSTATE).
  const inner = (pg && pg !== (err as object) ? pg : (e as { cause?: unknown } | undefined)?.cause) as { message?: unknown } | undefined;
  return {
    message: strip(e?.message ?? String(err)),
    ...(e?.stack ? { stack: strip(e.stack) } : {}),
    ...(pg?.code ? { code: pg.code } : {}),
    ...(typeof inner?.message === "string" ? { cause: strip(inner.message) } : {}),
  };
}
