import crypto from "node:crypto";
import type { Express, Request } from "express";
import { createLogger, redactPath, type Logger } from "../lib/logger";
import { healthOf } from "../db/health";
import type { Metrics } from "../lib/metrics";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "express-serve-static-core" {
  interface Request {
    id: string;
  }
}

/** Where createApp keeps the app's logger (app.locals), for requestLog. */
const LOGGER_LOCAL = "requestLogger";
const requestLogs = new WeakMap<Request, Logger>();

/**
 * This request's logger: the app's, with the request's id bound. Made on first use and kept for the
 * request: most requests never log, and a child logger per request was a measurable part of a
 * cached read (docs/performance.md, "Issue 13: one hidden class per request", the smaller costs).
 */
export function requestLog(req: Request): Logger {
  let log = requestLogs.get(req);
  if (log === undefined) {
    const appLogger = req.app?.locals[LOGGER_LOCAL] as Logger | undefined;
    // An app built without useRequestContext (a test's bare app around one middleware): stdout.
    log = (appLogger ?? (fallback ??= createLogger("info"))).child({ reqId: req.id });
    requestLogs.set(req, log);
  }
  return log;
}
let fallback: Logger | undefined;

/**
 * Gives every request an id (requestLog binds it), and logs one line when the response ends (debug
 * level; error for a 5xx). Mounted first.
 */
export function useRequestContext(app: Express, logger: Logger, metrics?: Metrics): void {
  app.locals[LOGGER_LOCAL] = logger;
  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    req.id = id;
    res.setHeader("X-Request-Id", id);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      // A write that went through: the database takes writes (again). Readiness uses it.
      if (res.statusCode < 400 && MUTATING.has(req.method)) healthOf(req.app)?.noteWrite();
      if (metrics?.enabled) metrics.request(req.method, routeLabel(req), res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
      if (res.statusCode < 500 && !logger.isLevelEnabled("debug")) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = { event: "http", method: req.method, path: redactPath(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) requestLog(req).error(line, "request failed");
      else requestLog(req).debug(line, "request");
    });
    next();
  });
}

/**
 * The route a request matched, as declared (every API router is mounted at /api: /api/teams/:id),
 * never the raw URL, so a metric has one series per route; `unmatched` for an unknown /api path,
 * `static` for the SPA and its files.
 */
function routeLabel(req: Request): string {
  const declared = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof declared === "string") return `/api${declared}`;
  return req.originalUrl.startsWith("/api/") || req.originalUrl === "/api" ? "unmatched" : "static";
}
