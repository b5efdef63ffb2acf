// Dispute review routes (admin), mounted under /api.
import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { apiRouter, listRead } from "../../lib/route";
import { IdParams } from "../../middleware/validate";
import { currentUser } from "../../middleware/auth";
import { matchListQuerySchema, resolveDisputeSchema } from "@shared/validators/matches";
import { listPendingDisputes, resolveDispute } from "./disputes.service";
import { disputesPageSchema, resolveDisputeResultSchema } from "@shared/types/matches";
import { requestLog } from "../../middleware/request-context";

export function disputesRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  listRead(route, deps, "/disputes/pending", "admin", matchListQuerySchema, "uncached", listPendingDisputes, disputesPageSchema);

  route({
    method: "patch",
    path: "/disputes/:id",
    guard: "admin",
    params: IdParams,
    body: resolveDisputeSchema,
    errorTitle: "Failed to Resolve Dispute",
    response: resolveDisputeResultSchema,
    handler: async (req, res, { params, body }) => {
      const dispute = await resolveDispute({ ...deps, logger: requestLog(req) }, { ...body, disputeId: params.id, actor: currentUser(req) });
      res.json({ dispute, message: "Dispute Resolved" });
    },
  });

  return router;
}
