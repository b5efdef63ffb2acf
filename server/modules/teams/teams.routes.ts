import type { Request, Response, Router } from "express";
import { z } from "zod";
import { SURFACES } from "@shared/constants";
import type { AppDeps } from "../../deps";
import { SESSION_COOKIE } from "../../auth/session";
import { IdParams } from "../../middleware/validate";
import { currentUser, hasAdminAccess } from "../../middleware/auth";
import { apiRouter, teamRead } from "../../lib/route";
import { getPublicLadder } from "../settings/settings.service";
import { deleteTeamSchema, teamsQuerySchema, updateTeamSchema, usersQuerySchema } from "@shared/validators/teams";
import { AWAY_TITLES, setAwaySchema, shortenAwaySchema } from "@shared/validators/away";
import { cancelTeamAway, getTeamAway, setTeamAway, shortenTeamAway } from "./away.service";
import {
  deleteOwnTeam,
  getHeadToHead,
  getRatingHistory,
  getTeam,
  getTeamMembers,
  listTeams,
  listUsers,
  updateTeamProfile,
  type Viewer,
} from "./teams.service";
import {
  deleteTeamResultSchema,
  headToHeadRowSchema,
  ratingHistoryPointSchema,
  teamMemberViewSchema,
  teamsPageSchema,
  teamViewSchema,
} from "@shared/types/teams";
import { teamAwayViewSchema } from "@shared/types/away";
import { usersPageSchema } from "@shared/types/teams";
import { requestLog } from "../../middleware/request-context";

/** A reader of the signed-out ladder: no team, no emails, no deleted teams. */
const ANONYMOUS: Viewer = { userId: 0, teamId: null, isAdmin: false };

function viewerOf(req: Request, res?: Response): Viewer {
  return res?.locals.anonymousLadder === true ? ANONYMOUS : memberViewer(currentUser(req));
}

function memberViewer(u: Express.User): Viewer {
  return { userId: u.id, teamId: u.teamId, isAdmin: hasAdminAccess(u) };
}

/** A team's away range: /teams/{id}/away/{awayId}. */
const AwayParams = IdParams.extend({ awayId: IdParams.shape.id });

const isSurface = (v: unknown): boolean => typeof v === "string" && (SURFACES as readonly string[]).includes(v);

export function teamsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  route({
    method: "get",
    path: "/teams",
    guard: "verified",
    // A surface ladder is readable by anyone while the signed-out ladder is on
    // (docs/product.md#the-signed-out-ladder); they read it as ANONYMOUS.
    orElse: async (req, res) => {
      if (!isSurface(req.query.surface) || !(await getPublicLadder(deps)).enabled) return false;
      res.locals.anonymousLadder = true;
      return true;
    },
    query: teamsQuerySchema,
    errorTitle: "Failed to load teams",
    cache: "cached",
    response: teamsPageSchema,
    handler: async (req, res, { query }) => {
      res.json(await listTeams(deps, { ...query, viewer: viewerOf(req, res) }));
    },
  });

  // A team's profile and its parts: the same guard, id and viewer for each.
  for (const [path, read, response] of [
    ["/teams/:id", getTeam, teamViewSchema],
    ["/teams/:id/members", getTeamMembers, z.array(teamMemberViewSchema)],
    ["/teams/:id/rating-history", getRatingHistory, z.array(ratingHistoryPointSchema)],
    ["/teams/:id/head-to-head", getHeadToHead, z.array(headToHeadRowSchema)],
    ["/teams/:id/away", getTeamAway, teamAwayViewSchema],
  ] as const) {
    teamRead(route, deps, path, (d, { teamId, actor }) => read(d, { teamId, viewer: memberViewer(actor) }), response);
  }

  route({
    method: "put",
    path: "/teams/:id",
    guard: "captain",
    params: IdParams,
    body: updateTeamSchema,
    errorTitle: "Update Failed",
    response: teamViewSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await updateTeamProfile(deps, { teamId: params.id, data: body, viewer: viewerOf(req) }));
    },
  });

  route({
    method: "delete",
    path: "/teams/:id",
    guard: "captain",
    params: IdParams,
    body: deleteTeamSchema,
    errorTitle: "Delete Failed",
    response: deleteTeamResultSchema,
    handler: async (req, res, { params, body }) => {
      const me = currentUser(req);
      const result = await deleteOwnTeam(deps, { teamId: params.id, reason: body.reason, actor: me });
      if (result.requiresLogin) {
        // Every session row of the team is gone already; drop this one's cookie too.
        await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
        res.clearCookie(SESSION_COOKIE, { path: "/" });
      }
      res.json(result);
    },
  });

  // A team's away ranges (docs/product.md, "Away"): anyone signed in reads them (the ladder shows
  // "Away until …" anyway); only the team's captain changes them.

  route({
    method: "post",
    path: "/teams/:id/away",
    guard: "captain",
    params: IdParams,
    body: setAwaySchema,
    errorTitle: AWAY_TITLES.setFailed,
    response: teamAwayViewSchema,
    successStatus: 201,
    handler: async (req, res, { params, body }) => {
      res.status(201).json(await setTeamAway({ ...deps, logger: requestLog(req) }, { ...body, teamId: params.id, actor: currentUser(req) }));
    },
  });

  route({
    method: "patch",
    path: "/teams/:id/away/:awayId",
    guard: "captain",
    params: AwayParams,
    body: shortenAwaySchema,
    errorTitle: AWAY_TITLES.setFailed,
    response: teamAwayViewSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await shortenTeamAway({ ...deps, logger: requestLog(req) }, { ...body, teamId: params.id, awayId: params.awayId, actor: currentUser(req) }));
    },
  });

  route({
    method: "delete",
    path: "/teams/:id/away/:awayId",
    guard: "captain",
    params: AwayParams,
    errorTitle: AWAY_TITLES.setFailed,
    response: teamAwayViewSchema,
    handler: async (req, res, { params }) => {
      res.json(await cancelTeamAway({ ...deps, logger: requestLog(req) }, { teamId: params.id, awayId: params.awayId, actor: currentUser(req) }));
    },
  });

  route({
    method: "get",
    path: "/users",
    guard: "verified",
    query: usersQuerySchema,
    cache: "cached",
    response: usersPageSchema,
    handler: async (req, res, { query }) => {
      res.json(await listUsers(deps, { ...query, viewer: viewerOf(req) }));
    },
  });

  return router;
}
