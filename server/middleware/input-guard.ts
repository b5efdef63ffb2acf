import type { RequestHandler } from "express";
import { AppError } from "../lib/app-error";

export const NUL_MESSAGE = "Text may not contain the NUL character (\\u0000).";

/** True when a string anywhere in the value (keys included) holds U+0000, which PostgreSQL text cannot store. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes("\u0000") || containsNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses a NUL character in the query or path before any query sees it: PostgreSQL rejects it in a
 * text parameter (error 22021), which would otherwise surface as a 500. Bodies are checked by the
 * route helper once read (server/lib/route.ts).
 *
 * Read from the URL as sent, without parsing it: a NUL reaches the decoded path or query only as
 * the escape %00 (an escaped percent, %2500, decodes to the text "%00"; HTTP refuses a raw NUL in
 * the request line). Express parses the query again on every read of req.query, so the route's own
 * parse stays the only one.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  if (req.url.includes("%00") || req.url.includes("\u0000")) {
    return next(new AppError(400, NUL_MESSAGE, { code: "bad_request" }));
  }
  next();
};
