import { Router } from "express";
import type { AppDeps } from "../../deps";

// Placeholder: the teams feature adds its routes here (mounted under /api).
export function teamsRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
