// Seasons and their archives (docs/product.md, "Seasons", "Season archives"). The archive and the
// current season's name are read like the ladder itself: members, and anyone while the signed-out
// ladder is on (docs/decisions/021-seeing-other-teams-and-the-signed-out-ladder.md). Admins plan
// and close seasons.
import type { Request, Response, Router } from "express";
import type { AppDeps } from "../../deps";
import { apiRouter, listRead } from "../../lib/route";
import { currentUser } from "../../middleware/auth";
import { IdParams } from "../../middleware/validate";
import { getPublicLadder } from "../settings/settings.service";
import { SEASON_TITLES, seasonListQuerySchema, seasonSchema, seasonStandingsQuerySchema } from "@shared/validators/seasons";
import { archivedSeasonSchema, archivedSeasonsPageSchema, currentSeasonSchema, seasonStandingsPageSchema, seasonsPageSchema, seasonViewSchema } from "@shared/types/seasons";
import {
  closeSeasonNow,
  createSeason,
  getArchivedSeason,
  getCurrentSeason,
  getSeasonStandings,
  listArchivedSeasons,
  listSeasons,
  updateSeason,
} from "./seasons.service";

export function seasonsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  // Readable signed out while the signed-out ladder is on, like the surface ladders.
  const likeTheLadder = async (_req: Request, _res: Response) => (await getPublicLadder(deps)).enabled;

  route({
    method: "get",
    path: "/seasons/current",
    guard: "verified",
    orElse: likeTheLadder,
    cache: "cached",
    response: currentSeasonSchema,
    handler: async (_req, res) => {
      res.json(await getCurrentSeason(deps));
    },
  });

  route({
    method: "get",
    path: "/seasons",
    guard: "verified",
    orElse: likeTheLadder,
    query: seasonListQuerySchema,
    cache: "cached",
    response: archivedSeasonsPageSchema,
    handler: async (_req, res, { query }) => {
      res.json(await listArchivedSeasons(deps, query));
    },
  });

  route({
    method: "get",
    path: "/seasons/:id",
    guard: "verified",
    orElse: likeTheLadder,
    params: IdParams,
    cache: "cached",
    response: archivedSeasonSchema,
    handler: async (_req, res, { params }) => {
      res.json(await getArchivedSeason(deps, { seasonId: params.id }));
    },
  });

  route({
    method: "get",
    path: "/seasons/:id/standings",
    guard: "verified",
    orElse: likeTheLadder,
    params: IdParams,
    query: seasonStandingsQuerySchema,
    cache: "cached",
    response: seasonStandingsPageSchema,
    handler: async (_req, res, { params, query }) => {
      res.json(await getSeasonStandings(deps, { ...query, seasonId: params.id }));
    },
  });

  listRead(route, deps, "/admin/seasons", "admin", seasonListQuerySchema, "uncached", listSeasons, seasonsPageSchema);

  route({
    method: "post",
    path: "/admin/seasons",
    guard: "admin",
    body: seasonSchema,
    errorTitle: SEASON_TITLES.save,
    successStatus: 201,
    response: seasonViewSchema,
    handler: async (req, res, { body }) => {
      res.status(201).json(await createSeason({ ...deps, logger: req.log }, { ...body, actor: currentUser(req) }));
    },
  });

  route({
    method: "put",
    path: "/admin/seasons/:id",
    guard: "admin",
    params: IdParams,
    body: seasonSchema,
    errorTitle: SEASON_TITLES.save,
    response: seasonViewSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await updateSeason({ ...deps, logger: req.log }, { ...body, seasonId: params.id, actor: currentUser(req) }));
    },
  });

  route({
    method: "post",
    path: "/admin/seasons/:id/close",
    guard: "admin",
    params: IdParams,
    errorTitle: SEASON_TITLES.close,
    response: seasonViewSchema,
    handler: async (req, res, { params }) => {
      res.json(await closeSeasonNow({ ...deps, logger: req.log }, { seasonId: params.id, actor: currentUser(req) }));
    },
  });

  return router;
}
