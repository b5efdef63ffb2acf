import express from "express";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger";
import { requestLog, useRequestContext } from "./request-context";

/** An app with the request context, logging into `lines`, and routes that log or fail. */
function appLoggingTo(lines: Record<string, unknown>[], level = "info") {
  const logger = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const app = express();
  useRequestContext(app, logger);
  app.get("/twice", (req, res) => {
    const first = requestLog(req);
    first.info({ event: "one" }, "one");
    requestLog(req).info({ event: "two" }, "two");
    res.json({ same: first === requestLog(req) });
  });
  app.get("/quiet", (_req, res) => {
    res.json({});
  });
  app.get("/fails", (_req, res) => {
    res.status(500).json({});
  });
  return app;
}

describe("the request context (server/middleware/request-context.ts)", () => {
  it("binds the request's id to every line its logger writes, one logger per request", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines);
    const a = await supertest(app).get("/twice");
    const b = await supertest(app).get("/twice");
    expect(a.body.same).toBe(true);
    const idA = a.headers["x-request-id"];
    const idB = b.headers["x-request-id"];
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).not.toBe(idA);
    expect(lines.map((l) => [l.event, l.reqId])).toEqual([
      ["one", idA],
      ["two", idA],
      ["one", idB],
      ["two", idB],
    ]);
  });

  it("keeps a caller's well-formed X-Request-Id and replaces any other", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines);
    expect((await supertest(app).get("/twice").set("X-Request-Id", "trace-42")).headers["x-request-id"]).toBe("trace-42");
    const odd = await supertest(app).get("/twice").set("X-Request-Id", "not ok; drop table");
    expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.filter((l) => l.event === "one").map((l) => l.reqId)).toEqual(["trace-42", odd.headers["x-request-id"]]);
  });

  it("logs a 5xx answer with its request id, and nothing for a quiet request below debug", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines);
    await supertest(app).get("/quiet");
    expect(lines).toEqual([]);
    const failed = await supertest(app).get("/fails");
    expect(lines).toEqual([expect.objectContaining({ event: "http", status: 500, path: "/fails", reqId: failed.headers["x-request-id"], msg: "request failed" })]);
  });

  it("logs every answer at debug level", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines, "debug");
    const quiet = await supertest(app).get("/quiet");
    expect(lines).toEqual([expect.objectContaining({ event: "http", status: 200, path: "/quiet", reqId: quiet.headers["x-request-id"], msg: "request" })]);
  });
});
