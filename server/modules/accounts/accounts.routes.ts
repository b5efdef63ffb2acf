import { Router } from "express";
import type { AppDeps } from "../../deps";

// Placeholder: the accounts feature adds its routes here (mounted under /api).
export function accountsRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
