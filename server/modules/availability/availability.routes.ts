// Weekly availability (docs/product.md, "Weekly availability"): a player's own week, and a team's.
import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { apiRouter, teamRead } from "../../lib/route";
import { updateAvailabilitySchema } from "@shared/validators/availability";
import { getTeamAvailability, setAvailability } from "./availability.service";
import { teamAvailabilitySchema, myAvailabilitySchema } from "@shared/types/availability";
import { requestLog } from "../../middleware/request-context";

export function availabilityRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  route({
    method: "put",
    path: "/user/availability",
    guard: "verified",
    body: updateAvailabilitySchema,
    errorTitle: "Availability Not Saved",
    response: myAvailabilitySchema,
    handler: async (req, res, { body }) => {
      res.json(await setAvailability({ ...deps, logger: requestLog(req) }, { availability: body.availability, actor: currentUser(req) }));
    },
  });

  teamRead(route, deps, "/teams/:id/availability", getTeamAvailability, teamAvailabilitySchema);

  return router;
}
