import { Router } from "express";
import type { AppDeps } from "../../deps";

// Placeholder: the settings feature adds its routes here (mounted under /api).
export function settingsRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
