import type { RequestHandler } from "express";
import { AppError } from "../lib/app-error";
import { exclusiveUseMessage, type ExclusiveUse } from "../db/exclusive";

export const EXCLUSIVE_RETRY_AFTER_SECONDS = 30;

/**
 * While a long transaction holds the embedded database (server/db/exclusive.ts), every API request
 * but the ones in `allowed` (the admin panel's progress poll, answered from memory) is answered at
 * once with 503 instead of waiting for it. Mounted before the session, which would read the database.
 */
export function refuseWhileExclusive(exclusive: ExclusiveUse, allowed: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const what = exclusive.current;
    if (what === undefined || allowed.includes(req.path)) return next();
    res.setHeader("Retry-After", String(EXCLUSIVE_RETRY_AFTER_SECONDS));
    next(new AppError(503, exclusiveUseMessage(what), { code: "data_operation_running" }));
  };
}
