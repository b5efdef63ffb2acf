import { Router } from "express";
import type { AppDeps } from "../../deps";

// Placeholder: the matches feature adds its routes here (mounted under /api).
export function matchesRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
