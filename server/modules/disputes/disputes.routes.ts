// Dispute review routes (admin), mounted under /api.
import { Router } from "express";
import type { AppDeps } from "../../deps";
import { IdParams, input, validate } from "../../middleware/validate";
import { currentUser, requireAdmin } from "../../middleware/auth";
import { matchListQuerySchema, resolveDisputeSchema } from "@shared/validators/matches";
import { listPendingDisputes, resolveDispute } from "./disputes.service";

export function disputesRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get("/disputes/pending", requireAdmin, validate({ query: matchListQuerySchema }), async (req, res) => {
    res.json(await listPendingDisputes(deps, input(req.valid.query, matchListQuerySchema)));
  });

  router.patch(
    "/disputes/:id",
    requireAdmin,
    validate({ params: IdParams, body: resolveDisputeSchema }, "Failed to Resolve Dispute"),
    async (req, res) => {
      const dispute = await resolveDispute(
        { ...deps, logger: req.log },
        { ...input(req.valid.body, resolveDisputeSchema), disputeId: input(req.valid.params, IdParams).id, actor: currentUser(req) },
      );
      res.json({ dispute, message: "Dispute Resolved" });
    },
  );

  return router;
}
