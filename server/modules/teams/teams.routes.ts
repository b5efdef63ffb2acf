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
  const { db } = deps;

  route({
    method: "get",
    path: "/teams",
    guard: "verified",
    query: teamsQuerySchema,
    errorTitle: "Failed to load teams",
    cache: "cached",
    handler: async (req, res, { query }) => {
      res.json(await listTeams({ db, viewer: viewerOf(req), ...query }));
    },
  });

  route({
    method: "get",
    path: "/teams/:id",
    guard: "verified",
    params: IdParams,
    cache: "cached",
    handler: async (req, res, { params }) => {
      res.json(await getTeam({ db, viewer: viewerOf(req), teamId: params.id }));
    },
  });

  route({
    method: "get",
    path: "/teams/:id/members",
    guard: "verified",
    params: IdParams,
    cache: "cached",
    handler: async (req, res, { params }) => {
      res.json(await getTeamMembers({ db, viewer: viewerOf(req), teamId: params.id }));
    },
  });

  route({
    method: "get",
    path: "/teams/:id/rating-history",
    guard: "verified",
    params: IdParams,
    cache: "cached",
    handler: async (req, res, { params }) => {
      res.json(await getRatingHistory({ db, viewer: viewerOf(req), teamId: params.id }));
    },
  });

  route({
    method: "get",
    path: "/teams/:id/head-to-head",
    guard: "verified",
    params: IdParams,
    cache: "cached",
    handler: async (req, res, { params }) => {
      res.json(await getHeadToHead({ db, viewer: viewerOf(req), teamId: params.id }));
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
      res.json(await updateTeamProfile({ db, viewer: viewerOf(req), teamId: params.id, data: body }));
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
      const result = await deleteOwnTeam({ db, mailer: deps.mailer, env: deps.env, teamId: params.id, reason: body.reason, actorUserId: me.id });
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
      res.json(await listUsers({ db, viewer: viewerOf(req), ...query }));
    },
  });

  return router;
}
