import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { redactPath, type Logger } from "../lib/logger";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    log: Logger;
  }
}

/**
 * Gives every request an id and a child logger (made when first used: most requests log nothing),
 * and logs one line when the response ends (debug level; error for a 5xx).
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, "log", {
      configurable: true,
      enumerable: false,
      get: () => (child ??= logger.child({ reqId: id })),
    });
    res.setHeader("X-Request-Id", id);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      if (res.statusCode < 500 && !logger.isLevelEnabled("debug")) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = { event: "http", method: req.method, path: redactPath(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) req.log.error(line, "request failed");
      else req.log.debug(line, "request");
    });
    next();
  };
}
