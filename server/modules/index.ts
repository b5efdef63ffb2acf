// Every feature module's routes, mounted under /api by createApp. Add one line per module.
import type { Router } from "express";
import type { AppDeps } from "../deps";

export type ModuleRoutes = (deps: AppDeps) => Router;

export const featureRoutes: ModuleRoutes[] = [];
