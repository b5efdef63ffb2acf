import { Router } from "express";
import type { AppDeps } from "../../deps";
import { input, validate } from "../../middleware/validate";
import { currentUser, requireAdmin } from "../../middleware/auth";
import { headerImageSchema } from "@shared/validators/teams";
import type { ClubInfo } from "@shared/types/teams";
import { getHeaderImage, setHeaderImage } from "./settings.service";

export function settingsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;

  // Public: the club's time zone (mails use it; the app marks times when the viewer's zone differs).
  router.get("/settings/club", (_req, res) => {
    const club: ClubInfo = { timeZone: deps.env.CLUB_TIMEZONE };
    res.json(club);
  });

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

  return router;
}
