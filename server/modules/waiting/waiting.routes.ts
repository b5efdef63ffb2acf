// GET /api/waiting: the counts of what waits for the member, shown in the menu.
import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { apiRouter } from "../../lib/route";
import { getWaitingWork } from "./waiting.service";

export function waitingRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  route({
    method: "get",
    path: "/waiting",
    guard: "signedIn",
    cache: "uncached",
    handler: async (req, res) => {
      res.json(await getWaitingWork(deps, { actor: currentUser(req) }));
    },
  });

  return router;
}
