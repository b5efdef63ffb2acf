import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { apiRouter } from "../../lib/route";

// Placeholder: the ladder feature adds its routes here (mounted under /api), with route().
export function ladderRoutes(deps: AppDeps): Router {
  return apiRouter(deps).router;
}
