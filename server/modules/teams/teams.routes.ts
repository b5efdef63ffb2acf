import type { Request, Router } from "express";
import type { AppDeps } from "../../deps";
import { SESSION_COOKIE } from "../../auth/session";
import { IdParams } from "../../middleware/validate";
import { currentUser, hasAdminAccess } from "../../middleware/auth";
import { apiRouter } from "../../lib/route";
import { deleteTeamSchema, teamsQuerySchema, updateTeamSchema, usersQuerySchema } from "@shared/validators/teams";
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

function viewerOf(req: Request): Viewer {
  const u = currentUser(req);
  return { userId: u.id, teamId: u.teamId, isAdmin: hasAdminAccess(u) };
}

export function teamsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  route({
    method: "get",
    path: "/teams",
    guard: "verified",
    query: teamsQuerySchema,
    errorTitle: "Failed to load teams",
    cache: "cached",
    handler: async (req, res, { query }) => {
      res.json(await listTeams(deps, { ...query, viewer: viewerOf(req) }));
    },
  });

  route({
    method: "get",
    path: "/teams/:id",
    guard: "verified",
    params: IdParams,
    cache: "cached",
    handler: async (req, res, { params }) => {
      res.json(await getTeam(deps, { teamId: params.id, viewer: viewerOf(req) }));
    },
  });

  route({
    method: "get",
    path: "/teams/:id/members",
    guard: "verified",
    params: IdParams,
    cache: "cached",
    handler: async (req, res, { params }) => {
      res.json(await getTeamMembers(deps, { teamId: params.id, viewer: viewerOf(req) }));
    },
  });

  route({
    method: "get",
    path: "/teams/:id/rating-history",
    guard: "verified",
    params: IdParams,
    cache: "cached",
    handler: async (req, res, { params }) => {
      res.json(await getRatingHistory(deps, { teamId: params.id, viewer: viewerOf(req) }));
    },
  });

  route({
    method: "get",
    path: "/teams/:id/head-to-head",
    guard: "verified",
    params: IdParams,
    cache: "cached",
    handler: async (req, res, { params }) => {
      res.json(await getHeadToHead(deps, { teamId: params.id, viewer: viewerOf(req) }));
    },
  });

  route({
    method: "put",
    path: "/teams/:id",
    guard: "captain",
    params: IdParams,
    body: updateTeamSchema,
    errorTitle: "Update Failed",
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

  route({
    method: "get",
    path: "/users",
    guard: "verified",
    query: usersQuerySchema,
    cache: "cached",
    handler: async (req, res, { query }) => {
      res.json(await listUsers(deps, { ...query, viewer: viewerOf(req) }));
    },
  });

  return router;
}
