// GET /api/waiting: the counts of what waits for the member, shown in the menu.
import type { Router } from "express";
import { waitingWorkSchema } from "@shared/types/notifications";
import type { AppDeps } from "../../deps";
import { apiRouter, ownRead } from "../../lib/route";
import { getWaitingWork } from "./waiting.service";

export function waitingRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  ownRead(route, deps, "/waiting", "signedIn", getWaitingWork, waitingWorkSchema);

  return router;
}
