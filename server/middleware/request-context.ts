import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { redactPath, type Logger } from "../lib/logger";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    log: Logger;
  }
}

/** Gives every request an id and a child logger, and logs one line when the response ends. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    req.id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    req.log = logger.child({ reqId: req.id });
    res.setHeader("X-Request-Id", req.id);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = { event: "http", method: req.method, path: redactPath(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) req.log.error(line, "request failed");
      else req.log.debug(line, "request");
    });
    next();
  };
}
