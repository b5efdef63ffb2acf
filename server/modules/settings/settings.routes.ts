import { Router } from "express";
import type { AppDeps } from "../../deps";
import { input, validate } from "../../middleware/validate";
import { currentUser, requireAdmin } from "../../middleware/auth";
import { headerImageSchema, publicLadderSchema } from "@shared/validators/teams";
import { getHeaderImage, getPublicLadder, setHeaderImage, setPublicLadder } from "./settings.service";

export function settingsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;

  // Public: the header image is decoration, shown on the home page.
  router.get("/settings/header-image", async (_req, res) => {
    res.json(await getHeaderImage({ db }));
  });

  router.post(
    "/settings/header-image",
    requireAdmin,
    validate({ body: headerImageSchema }, "Failed to Update Header Image"),
    async (req, res) => {
      const { url } = input(req.valid.body, headerImageSchema);
      res.json(await setHeaderImage({ db, logger: req.log, url, userId: currentUser(req).id }));
    },
  );

  // Public: a signed-out visitor's browser asks it before showing /ladder or going to /auth.
  router.get("/settings/public-ladder", async (_req, res) => {
    res.json(await getPublicLadder({ db, cache: deps.readCache }));
  });

  router.post(
    "/settings/public-ladder",
    requireAdmin,
    validate({ body: publicLadderSchema }, "Failed to Update Settings"),
    async (req, res) => {
      const { enabled } = input(req.valid.body, publicLadderSchema);
      res.json(await setPublicLadder({ db, logger: req.log, enabled, userId: currentUser(req).id }));
    },
  );

  return router;
}
