import { Router } from "express";
import type { AppDeps } from "../../deps";

// Placeholder: the admin feature adds its routes here (mounted under /api).
export function adminRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
