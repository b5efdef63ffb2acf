import { Router } from "express";
import type { AppDeps } from "../../deps";

// Placeholder: the challenges feature adds its routes here (mounted under /api).
export function challengesRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
