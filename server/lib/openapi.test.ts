// The API reference covers exactly the routes the app registers, with their path parameters, and
// every schema in it compiles (docs/decisions/033-api-reference-from-zod.md).
import { describe, expect, it } from "vitest";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { type TestApp, useTestApp } from "../../tests/helpers/app";
import express, { type Express } from "express";
import { z } from "zod";
import { apiRouter, routeTable, type RouteBuilder } from "./route";
import { ALLOWED_WITHOUT_ANSWER } from "./openapi.unanswered";
import { answerMismatch, openApiDocument, openApiPath, pathParams } from "./openapi";
import { compileAnswerSchema, takeContractMismatches } from "../../tests/helpers/contract";

let t: TestApp;
useTestApp((app) => (t = app));

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: unknown }[]; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }>; $ref?: string }> }>>;
  components: { schemas: Record<string, unknown> };
};

function registered(): Set<string> {
  const out = new Set<string>();
  for (const r of routeTable(t.app)) {
    if (!r.fullPath.startsWith("/api/")) continue;
    for (const m of r.methods) if (m !== "_all") out.add(`${m.toUpperCase()} ${openApiPath(r.fullPath)}`);
  }
  return out;
}

describe("the API reference (GET /api/openapi.json)", () => {
  it("is served to anyone as JSON, OpenAPI 3.1", async () => {
    const res = await t.request.get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect((res.body as Doc).openapi).toBe("3.1.0");
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(t.app))));
  });

  it("has every registered route, and nothing else", () => {
    const doc = openApiDocument(t.app) as Doc;
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
    const routes = registered();
    expect(routes.size).toBeGreaterThan(50);
    expect([...routes].filter((r) => !documented.has(r)), "registered but not documented").toEqual([]);
    expect([...documented].filter((r) => !routes.has(r)), "documented but not registered").toEqual([]);
  });

  it("names each route's path parameters, as the route does", () => {
    const doc = openApiDocument(t.app) as Doc;
    for (const r of routeTable(t.app)) {
      if (!r.fullPath.startsWith("/api/")) continue;
      for (const m of r.methods) {
        const op = doc.paths[openApiPath(r.fullPath)]?.[m];
        const inPath = (op?.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
        expect(inPath, `${m.toUpperCase()} ${r.fullPath}`).toEqual(pathParams(r.fullPath));
      }
    }
  });

  it("describes the session cookie, the CSRF rule and the error answer", () => {
    const doc = openApiDocument(t.app) as Doc & { info: { description: string }; components: { securitySchemes: Record<string, { name: string }> } };
    expect(doc.components.securitySchemes.cookieAuth?.name).toBe("dl.sid");
    expect(doc.info.description).toMatch(/CSRF/);
    expect(doc.info.description).toMatch(/Sec-Fetch-Site/);
    expect(doc.paths["/api/admin/stats"]?.get).toMatchObject({ security: [{ cookieAuth: [] }], "x-guard": "admin" });
    expect(doc.paths["/api/health"]?.get).toMatchObject({ security: [] });
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect(op.responses["4XX"]?.$ref).toBe("#/components/responses/Error");
  });

  it("has only schemas that compile (JSON Schema 2020-12, with formats)", () => {
    const doc = openApiDocument(t.app) as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const schemas: [string, unknown][] = Object.entries(doc.components.schemas).map(([k, s]) => [`#/components/schemas/${k}`, s]);
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        for (const par of op.parameters ?? []) schemas.push([`${m} ${p} ${par.in} ${par.name}`, par.schema]);
        for (const [type, c] of Object.entries(op.requestBody?.content ?? {})) schemas.push([`${m} ${p} body ${type}`, c.schema]);
        for (const [status, r] of Object.entries(op.responses)) for (const c of Object.values(r.content ?? {})) schemas.push([`${m} ${p} ${status}`, c.schema]);
      }
    }
    expect(schemas.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const [where, schema] of schemas) {
      try {
        ajv.compile(schema as object);
      } catch (err) {
        failures.push(`${where}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("the contract check of answers", () => {
  it("passes an answer that matches its declared schema, and reports one that does not", async () => {
    const ok = await t.request.get("/api/health");
    expect(ok.status).toBe(200);
    const doc = openApiDocument(t.app);
    expect(answerMismatch(doc, compileAnswerSchema, "GET", "/api/health", 200, ok.body)).toBeUndefined();
    expect(answerMismatch(doc, compileAnswerSchema, "GET", "/api/health", 200, { status: "ok" })).toMatch(/uptime/);
    expect(answerMismatch(doc, compileAnswerSchema, "GET", "/api/health", 200, { status: "down", uptime: 1 })).toMatch(/GET \/api\/health 200/);
    // A route without a JSON answer schema is not checked: one still on ALLOWED_WITHOUT_ANSWER, or
    // one whose answer is not JSON (declared in words).
    expect(answerMismatch(doc, compileAnswerSchema, "GET", "/api/metrics", 200, 42)).toBeUndefined();
  });

  it("records a mismatched answer the app sends, for the test's afterEach to fail on", async () => {
    takeContractMismatches();
    const realUptime = process.uptime;
    process.uptime = () => -5; // a negative uptime breaks the declared schema (nonnegative)
    try {
      await t.request.get("/api/health");
    } finally {
      process.uptime = realUptime;
    }
    expect(takeContractMismatches()).toEqual([expect.stringMatching(/^GET \/api\/health 200: /)]);
  });
});

describe("answers that are not JSON", () => {
  /** An app of the given routes only, mounted under /api as the modules are. */
  function appWith(declare: (route: RouteBuilder["route"]) => void): Express {
    const { router, route } = apiRouter(t.deps);
    declare(route);
    const app = express();
    app.use("/api", router);
    return app;
  }

  it("are in the reference as their media type in words, or as no body at all", () => {
    const app = appWith((route) => {
      route({
        method: "get",
        path: "/feed.ics",
        guard: "public",
        cache: "uncached",
        response: { mediaType: "text/calendar", description: "The feed, iCalendar." },
        handler: (_req, res) => void res.type("text/calendar").send("BEGIN:VCALENDAR"),
      });
      route({
        method: "get",
        path: "/file",
        guard: "admin",
        cache: "uncached",
        response: { mediaType: "application/octet-stream", description: "A download." },
        handler: (_req, res) => void res.end(),
      });
      route({
        method: "delete",
        path: "/thing",
        guard: "signedIn",
        successStatus: 204,
        response: { mediaType: null, description: "Gone: no body." },
        handler: (_req, res) => void res.status(204).end(),
      });
    });
    const doc = openApiDocument(app) as Doc;
    expect(doc.paths["/api/feed.ics"]?.get?.responses["200"]).toEqual({ description: "The feed, iCalendar.", content: { "text/calendar": { schema: { type: "string" } } } });
    expect(doc.paths["/api/file"]?.get?.responses["200"]).toEqual({ description: "A download.", content: { "application/octet-stream": { schema: {} } } });
    expect(doc.paths["/api/thing"]?.delete?.responses).toMatchObject({ "204": { description: "Gone: no body." } });
    expect(doc.paths["/api/thing"]?.delete?.responses["204"]?.content).toBeUndefined();
    expect(doc.paths["/api/thing"]?.delete?.responses["200"]).toBeUndefined();
    // Declared: they need no place on the allow-list, and the contract check has no JSON schema for them.
    for (const r of routeTable(app)) expect(r.info?.schemas.response, r.fullPath).toBeDefined();
    expect(answerMismatch(doc, compileAnswerSchema, "GET", "/api/feed.ics", 200, 42)).toBeUndefined();
  });

  it("no body goes with 204, and 204 with no body", () => {
    const handler = () => undefined;
    expect(() => appWith((route) => route({ method: "post", path: "/x", guard: "public", response: { mediaType: null, description: "" }, handler }))).toThrow(/204/);
    expect(() => appWith((route) => route({ method: "post", path: "/x", guard: "public", successStatus: 204, response: z.object({}), handler }))).toThrow(/204/);
  });
});

describe("routes without a declared answer", () => {
  it("are exactly the allow-list, which can only shrink", () => {
    const without = new Set(
      routeTable(t.app)
        .filter((r) => r.fullPath.startsWith("/api/") && !r.info?.schemas.response)
        .flatMap((r) => r.methods.map((m) => `${m.toUpperCase()} ${r.fullPath}`)),
    );
    expect([...without].filter((r) => !ALLOWED_WITHOUT_ANSWER.includes(r)), "declare their answer (route({ response }))").toEqual([]);
    expect(ALLOWED_WITHOUT_ANSWER.filter((r) => !without.has(r)), "declare an answer now: take them off ALLOWED_WITHOUT_ANSWER").toEqual([]);
  });
});
