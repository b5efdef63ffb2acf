import crypto from "node:crypto";
import { z } from "zod";
import type { Router } from "express";
import { AppError } from "../../lib/app-error";
import { noApiRoute } from "../../middleware/error-handler";
import type { AppDeps } from "../../deps";
import { apiRouter } from "../../lib/route";
import { configurationProblems, type DeploymentCheck } from "../../config/deployment";
import { exclusiveUseMessage } from "../../db/exclusive";
import { openApiDocument, openApiDocumentSchema } from "../../lib/openapi";
import { apiDocsContentSecurityPolicy } from "../../middleware/security";
import { API_DOCS_FILES, apiDocsFile, apiDocsPage } from "./api-docs";

const REFUSAL_CAUSE = { out_of_resources: "out of space or memory", read_only: "read-only", unreachable: "unreachable" } as const;

/**
 * Load-balancer probes: no session, no body parsing. /api/health: the process answers. /api/ready:
 * the database answers and takes writes (a full disk still answers `select 1`: server/db/health.ts);
 * its `problems` list settings that cannot work (server/config/deployment.ts).
 */
export function systemRoutes(deps: AppDeps, deployment?: DeploymentCheck): Router {
  const { router, route } = apiRouter(deps);
  route({
    method: "get",
    path: "/health",
    guard: "public",
    cache: "uncached",
    response: z.object({ status: z.literal("ok"), uptime: z.number().int().nonnegative().describe("Seconds since the process started.") }),
    handler: (_req, res) => {
      res.json({ status: "ok", uptime: Math.round(process.uptime()) });
    },
  });
  // The API reference, generated from the routes and their zod schemas (server/lib/openapi.ts).
  route({
    method: "get",
    path: "/openapi.json",
    guard: "public",
    cache: "uncached",
    response: openApiDocumentSchema,
    handler: (req, res) => {
      res.json(openApiDocument(req.app));
    },
  });
  // Its rendered page (docs/decisions/037-api-reference-page.md): Swagger UI, with the page's own CSP.
  route({
    method: "get",
    path: "/docs",
    guard: "public",
    cache: "uncached",
    response: { mediaType: "text/html", description: "The API reference page (Swagger UI over /api/openapi.json)." },
    handler: (_req, res) => {
      res.setHeader("Content-Security-Policy", apiDocsContentSecurityPolicy(deps.env.APP_URL));
      res.type("html").send(apiDocsPage());
    },
  });
  route({
    method: "get",
    path: "/docs/:file",
    guard: "public",
    cache: "uncached",
    params: z.object({ file: z.string().describe(`One of the page's files: ${API_DOCS_FILES.join(", ")}.`) }),
    response: { mediaType: ["text/javascript", "text/css"], description: "A script or stylesheet of the API reference page." },
    handler: async (req, res, { params }) => {
      const file = await apiDocsFile(params.file);
      if (!file) throw noApiRoute(req);
      // Revalidated on every visit: the names do not change when an upgrade changes the files.
      const gzipped = req.acceptsEncodings("gzip", "identity") === "gzip";
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("ETag", gzipped ? `${file.etag.slice(0, -1)}-gz"` : file.etag);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.type(file.type);
      if (gzipped) res.setHeader("Content-Encoding", "gzip");
      res.send(gzipped ? file.gzipped : file.plain);
    },
  });
  route({
    method: "get",
    path: "/ready",
    guard: "public",
    cache: "uncached",
    // The 200 answer; a 503 says why it is not ready ({ status: "unavailable", message, … }).
    response: z.object({
      status: z.literal("ready"),
      database: z.enum(["pg", "pglite"]),
      problems: z.array(z.string()).optional().describe("Settings that cannot work (server/config/deployment.ts)."),
    }),
    handler: async (_req, res) => {
      const problems = deployment?.problems ?? configurationProblems(deps.env);
      const detail = problems.length > 0 ? { problems } : {};
      // A restore or reset holds the embedded database: not ready until it ends (server/db/exclusive.ts).
      const held = deps.database.exclusive.current;
      if (held !== undefined) {
        res.status(503).json({ status: "unavailable", message: exclusiveUseMessage(held), ...detail });
        return;
      }
      try {
        await deps.database.ping();
      } catch {
        res.status(503).json({ status: "unavailable", message: "The database is not reachable.", ...detail });
        return;
      }
      const refused = deps.database.health.writesRefused;
      if (refused) {
        res.status(503).json({
          status: "unavailable",
          message: `The database refuses writes (${REFUSAL_CAUSE[refused.reason]}${refused.code ? `, ${refused.code}` : ""}).`,
          writesRefused: { reason: refused.reason, code: refused.code, lastAt: new Date(refused.at).toISOString(), count: refused.count },
          ...detail,
        });
        return;
      }
      res.json({ status: "ready", database: deps.database.kind, ...detail });
    },
  });
  // Prometheus scrapes (server/lib/metrics.ts): only with METRICS_TOKEN set, and only for a caller
  // with that bearer token. Unset, the route answers like an unknown one. No body, no session read.
  route({
    method: "get",
    path: "/metrics",
    guard: "public",
    cache: "uncached",
    response: {
      mediaType: "text/plain",
      description: "The Prometheus text exposition (server/lib/metrics.ts), for a caller with the METRICS_TOKEN bearer token; without METRICS_TOKEN set the route answers 404 like an unknown one.",
    },
    handler: async (req, res) => {
      const token = deps.env.METRICS_TOKEN;
      if (token === undefined) throw noApiRoute(req);
      if (!sameSecret(/^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1] ?? "", token)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        throw new AppError(401, "The metrics need the bearer token set in METRICS_TOKEN.", { code: "unauthorized" });
      }
      const { contentType, text } = await deps.metrics.scrape();
      res.type(contentType).send(text);
    },
  });
  return router;
}

/** Compares two secrets in constant time (their digests, so the lengths do not show either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
