import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { apiRouter } from "../../lib/route";
import { configurationProblems, type DeploymentCheck } from "../../config/deployment";
import { exclusiveUseMessage } from "../../db/exclusive";

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
    handler: (_req, res) => {
      res.json({ status: "ok", uptime: Math.round(process.uptime()) });
    },
  });
  route({
    method: "get",
    path: "/ready",
    guard: "public",
    cache: "uncached",
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
  return router;
}
