// The club rules and club breaks of the challenge clock (docs/product.md, "Club rules", "Club breaks").
import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { apiRouter, listRead, uncachedRead } from "../../lib/route";
import { currentUser } from "../../middleware/auth";
import { IdParams } from "../../middleware/validate";
import { clubBreakListQuerySchema, clubBreakSchema, clubRulesSchema } from "@shared/validators/clock";
import { declareClubBreak, getClubBreakBanner, getClubRules, listClubBreaks, removeClubBreak, setClubRules } from "./clock.service";
import { clubRulesAnswerSchema, clubBreakBannerSchema, clubBreaksPageSchema, clubBreakViewSchema, clubBreakRemovedSchema } from "@shared/types/clock";
import { requestLog } from "../../middleware/request-context";

export function clockRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  const { db } = deps;

  // Members may read the rules their challenges run by; admins change them.
  uncachedRead(route, deps, "/settings/club-rules", "verified", getClubRules, clubRulesAnswerSchema);

  route({
    method: "post",
    path: "/settings/club-rules",
    guard: "admin",
    body: clubRulesSchema,
    errorTitle: "Failed to Update Club Rules",
    response: clubRulesAnswerSchema,
    handler: async (req, res, { body }) => {
      res.json(await setClubRules({ db, env: deps.env, clock: deps.clock, logger: requestLog(req) }, { ...body, actor: currentUser(req) }));
    },
  });

  // Public: every page shows the banner, the sign-in page too.
  uncachedRead(route, deps, "/settings/club-break", "public", getClubBreakBanner, clubBreakBannerSchema);

  listRead(route, deps, "/settings/club-breaks", "admin", clubBreakListQuerySchema, "uncached", listClubBreaks, clubBreaksPageSchema);

  route({
    method: "post",
    path: "/settings/club-breaks",
    guard: "admin",
    body: clubBreakSchema,
    errorTitle: "Failed to Save Club Break",
    response: clubBreakViewSchema,
    successStatus: 201,
    handler: async (req, res, { body }) => {
      res.status(201).json(await declareClubBreak({ db, env: deps.env, clock: deps.clock, logger: requestLog(req) }, { ...body, actor: currentUser(req) }));
    },
  });

  route({
    method: "delete",
    path: "/settings/club-breaks/:id",
    guard: "admin",
    params: IdParams,
    errorTitle: "Failed to Remove Club Break",
    response: clubBreakRemovedSchema,
    handler: async (req, res, { params }) => {
      res.json(await removeClubBreak({ db, env: deps.env, clock: deps.clock, logger: requestLog(req) }, { breakId: params.id, actor: currentUser(req) }));
    },
  });

  return router;
}
