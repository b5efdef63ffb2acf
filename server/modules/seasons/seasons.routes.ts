// Seasons and their archives (docs/product.md, "Seasons", "Season archives"). The archive and the
// current season's name are read like the ladder itself: members, and anyone while the signed-out
// ladder is on (docs/decisions/021-seeing-other-teams-and-the-signed-out-ladder.md). Admins plan
// and close seasons.
import type { Request, Response, Router } from "express";
import type { AppDeps } from "../../deps";
import type { z, ZodType } from "zod";
import { apiRouter, listRead, type RouteSpec } from "../../lib/route";
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
import { requestLog } from "../../middleware/request-context";

export function seasonsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  // Readable signed out while the signed-out ladder is on, like the surface ladders.
  const likeTheLadder = async (_req: Request, _res: Response) => (await getPublicLadder(deps)).enabled;

  // The archive: cached reads for members, and for anyone while the signed-out ladder is on.
  const archiveRead = <R extends ZodType, P extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined>(
    path: string,
    input: { params?: P; query?: Q },
    response: R,
    read: (input: Parameters<RouteSpec<P, Q, undefined>["handler"]>[2]) => Promise<z.input<R>>,
  ) =>
    route<P, Q, undefined>({
      method: "get",
      path,
      guard: "verified",
      orElse: likeTheLadder,
      cache: "cached",
      ...input,
      response,
      handler: async (_req, res, parsed) => {
        res.json(await read(parsed));
      },
    });

  archiveRead("/seasons/current", {}, currentSeasonSchema, () => getCurrentSeason(deps));
  archiveRead("/seasons", { query: seasonListQuerySchema }, archivedSeasonsPageSchema, ({ query }) => listArchivedSeasons(deps, query));
  archiveRead("/seasons/:id", { params: IdParams }, archivedSeasonSchema, ({ params }) => getArchivedSeason(deps, { seasonId: params.id }));
  archiveRead("/seasons/:id/standings", { params: IdParams, query: seasonStandingsQuerySchema }, seasonStandingsPageSchema, ({ params, query }) =>
    getSeasonStandings(deps, { ...query, seasonId: params.id }),
  );

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
      res.status(201).json(await createSeason({ ...deps, logger: requestLog(req) }, { ...body, actor: currentUser(req) }));
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
      res.json(await updateSeason({ ...deps, logger: requestLog(req) }, { ...body, seasonId: params.id, actor: currentUser(req) }));
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
      res.json(await closeSeasonNow({ ...deps, logger: requestLog(req) }, { seasonId: params.id, actor: currentUser(req) }));
    },
  });

  return router;
}
