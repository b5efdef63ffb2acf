import { Router } from "express";
import type { AppDeps } from "../../deps";

// Placeholder: the disputes feature adds its routes here (mounted under /api).
export function disputesRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
