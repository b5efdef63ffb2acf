import { Router } from "express";
import type { AppDeps } from "../../deps";

/** Load-balancer probes: no session, no body parsing. */
export function systemRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/health", (_req, res) => {
    res.json({ status: "ok", uptime: Math.round(process.uptime()) });
  });
  router.get("/ready", async (_req, res) => {
    try {
      await deps.database.ping();
      res.json({ status: "ready", database: deps.database.kind });
    } catch {
      res.status(503).json({ status: "unavailable", message: "The database is not reachable." });
    }
  });
  return router;
}
