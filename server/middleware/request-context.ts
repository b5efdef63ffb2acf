import crypto from "node:crypto";
import type { Request, RequestHandler } from "express";
import { redactPath, type Logger } from "../lib/logger";
import { healthOf } from "../db/health";
import type { Metrics } from "../lib/metrics";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    log: Logger;
  }
}

/**
 * Gives every request an id and a child logger, and logs one line when the response ends (debug
 * level; error for a 5xx).
 */
export function requestContext(logger: Logger, metrics?: Metrics): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    req.id = id;
    req.log = logger.child({ reqId: id });
    res.setHeader("X-Request-Id", id);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      // A write that went through: the database takes writes (again). Readiness uses it.
      if (res.statusCode < 400 && MUTATING.has(req.method)) healthOf(req.app)?.noteWrite();
      if (metrics?.enabled) metrics.request(req.method, routeLabel(req), res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
      if (res.statusCode < 500 && !logger.isLevelEnabled("debug")) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = { event: "http", method: req.method, path: redactPath(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) req.log.error(line, "request failed");
      else req.log.debug(line, "request");
    });
    next();
  };
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
