import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { apiRouter, uncachedRead } from "../../lib/route";
import { currentUser } from "../../middleware/auth";
import { headerImageSchema, publicLadderSchema } from "@shared/validators/teams";
import { clubInfoSchema, type ClubInfo, headerImageAnswerSchema } from "@shared/types/teams";
import { getHeaderImage, getPublicLadder, setHeaderImage, setPublicLadder } from "./settings.service";
import { requestLog } from "../../middleware/request-context";

export function settingsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  const { db } = deps;

  // Public: the club's time zone (mails use it; the app marks times when the viewer's zone differs).
  route({
    method: "get",
    path: "/settings/club",
    guard: "public",
    cache: "uncached",
    response: clubInfoSchema,
    handler: (_req, res) => {
      const club: ClubInfo = { timeZone: deps.env.CLUB_TIMEZONE };
      res.json(club);
    },
  });

  // Public: the header image is decoration, shown on the home page.
  uncachedRead(route, deps, "/settings/header-image", "public", getHeaderImage, headerImageAnswerSchema);

  route({
    method: "post",
    path: "/settings/header-image",
    guard: "admin",
    body: headerImageSchema,
    errorTitle: "Failed to Update Header Image",
    response: headerImageAnswerSchema,
    handler: async (req, res, { body }) => {
      res.json(await setHeaderImage({ db, logger: requestLog(req) }, { ...body, actor: currentUser(req) }));
    },
  });

  // Public: a signed-out visitor's browser asks it before showing /ladder or going to /auth.
  uncachedRead(route, deps, "/settings/public-ladder", "public", getPublicLadder, publicLadderSchema);

  route({
    method: "post",
    path: "/settings/public-ladder",
    guard: "admin",
    body: publicLadderSchema,
    errorTitle: "Failed to Update Settings",
    response: publicLadderSchema,
    handler: async (req, res, { body }) => {
      res.json(await setPublicLadder({ db, logger: requestLog(req) }, { ...body, actor: currentUser(req) }));
    },
  });

  return router;
}
