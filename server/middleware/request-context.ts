import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { redactPath, type Logger } from "../lib/logger";
import { healthOf } from "../db/health";
import { patchOff } from "../config/ab-switch";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    log: Logger;
  }
}

const CHILD = Symbol("childLogger");
type WithChild = { id: string; [CHILD]?: Logger };

/**
 * Gives every request an id and a child logger, and logs one line when the response ends (debug
 * level; error for a 5xx). The child logger is made when first used (most requests log nothing),
 * by a getter on the app's request prototype, installed once: adding it per request would put
 * every request object on a slow path.
 */
export function requestContext(logger: Logger): RequestHandler {
  const installed = new WeakSet<object>();
  const eager = patchOff("request-log-getter");
  return (req, res, next) => {
    const proto = Object.getPrototypeOf(req) as object;
    if (!eager && !installed.has(proto)) {
      installed.add(proto);
      Object.defineProperty(proto, "log", {
        configurable: true,
        get(this: WithChild) {
          return (this[CHILD] ??= logger.child({ reqId: this.id }));
        },
      });
    }
    const incoming = req.get("x-request-id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    req.id = id;
    if (eager) req.log = logger.child({ reqId: id });
    res.setHeader("X-Request-Id", id);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      // A write that went through: the database takes writes (again). Readiness uses it.
      if (res.statusCode < 400 && MUTATING.has(req.method)) healthOf(req.app)?.noteWrite();
      if (res.statusCode < 500 && !logger.isLevelEnabled("debug")) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = { event: "http", method: req.method, path: redactPath(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) req.log.error(line, "request failed");
      else req.log.debug(line, "request");
    });
    next();
  };
}
