import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { apiRouter, uncachedRead } from "../../lib/route";
import { currentUser } from "../../middleware/auth";
import { switchRatingModelSchema } from "@shared/validators/ratings";
import { evaluateRatingModels, switchRatingModel } from "./rating-model.service";
import { ratingModelEvaluationSchema, ratingModelSwitchSchema } from "@shared/types/ratings";
import { requestLog } from "../../middleware/request-context";

// The ladder's routes (mounted under /api), with route(): the admin's rating model card.
export function ladderRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  // The evaluation table (docs/product.md, "How good are the ratings?"): computed on request.
  uncachedRead(route, deps, "/admin/rating-model", "admin", evaluateRatingModels, ratingModelEvaluationSchema);

  route({
    method: "post",
    path: "/admin/rating-model",
    guard: "admin",
    body: switchRatingModelSchema,
    errorTitle: "Failed to Switch Rating Model",
    response: ratingModelSwitchSchema,
    handler: async (req, res, { body }) => {
      res.json(await switchRatingModel({ ...deps, logger: requestLog(req) }, { ...body, actor: currentUser(req) }));
    },
  });

  return router;
}
