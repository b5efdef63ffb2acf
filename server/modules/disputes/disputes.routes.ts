// Dispute review routes (admin), mounted under /api.
import { Router } from "express";
import type { AppDeps } from "../../deps";
import { IdParams, input, validate } from "../../middleware/validate";
import { currentUser, requireAdmin } from "../../middleware/auth";
import { matchListQuerySchema, resolveDisputeSchema } from "@shared/validators/matches";
import { listPendingDisputes, resolveDispute } from "./disputes.service";

export function disputesRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, env } = deps;

  router.get("/disputes/pending", requireAdmin, validate({ query: matchListQuerySchema }), async (req, res) => {
    const q = input(req.valid.query, matchListQuerySchema);
    res.json(await listPendingDisputes({ db, ...q }));
  });

  router.patch(
    "/disputes/:id",
    requireAdmin,
    validate({ params: IdParams, body: resolveDisputeSchema }, "Failed to Resolve Dispute"),
    async (req, res) => {
      const { id } = input(req.valid.params, IdParams);
      const admin = currentUser(req);
      const dispute = await resolveDispute({
        db,
        env,
        logger: req.log,
        adminId: admin.id,
        disputeId: id,
        input: input(req.valid.body, resolveDisputeSchema),
      });
      res.json({ dispute, message: "Dispute Resolved" });
    },
  );

  return router;
}
