import { Router } from "express";
import type { AppDeps } from "../../deps";

// Placeholder: the ladder feature adds its routes here (mounted under /api).
export function ladderRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
