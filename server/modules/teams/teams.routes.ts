import { Router, type Request } from "express";
import type { AppDeps } from "../../deps";
import { SESSION_COOKIE } from "../../auth/session";
import { IdParams, input, validate } from "../../middleware/validate";
import { currentUser, hasAdminAccess, requireCaptain, requireVerified } from "../../middleware/auth";
import { cachedRead } from "../../lib/read-cache";
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
  const router = Router();
  const { db } = deps;
  const cached = cachedRead(deps.readCache);

  router.get("/teams", requireVerified, validate({ query: teamsQuerySchema }, "Failed to load teams"), cached, async (req, res) => {
    const q = input(req.valid.query, teamsQuerySchema);
    res.json(await listTeams({ db, viewer: viewerOf(req), ...q }));
  });

  router.get("/teams/:id", requireVerified, validate({ params: IdParams }), cached, async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await getTeam({ db, viewer: viewerOf(req), teamId: id }));
  });

  router.get("/teams/:id/members", requireVerified, validate({ params: IdParams }), cached, async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await getTeamMembers({ db, viewer: viewerOf(req), teamId: id }));
  });

  router.get("/teams/:id/rating-history", requireVerified, validate({ params: IdParams }), cached, async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await getRatingHistory({ db, viewer: viewerOf(req), teamId: id }));
  });

  router.get("/teams/:id/head-to-head", requireVerified, validate({ params: IdParams }), cached, async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await getHeadToHead({ db, viewer: viewerOf(req), teamId: id }));
  });

  router.put(
    "/teams/:id",
    requireCaptain,
    validate({ params: IdParams, body: updateTeamSchema }, "Update Failed"),
    async (req, res) => {
      const { id } = input(req.valid.params, IdParams);
      const data = input(req.valid.body, updateTeamSchema);
      res.json(await updateTeamProfile({ db, viewer: viewerOf(req), teamId: id, data }));
    },
  );

  router.delete(
    "/teams/:id",
    requireCaptain,
    validate({ params: IdParams, body: deleteTeamSchema }, "Delete Failed"),
    async (req, res) => {
      const { id } = input(req.valid.params, IdParams);
      const { reason } = input(req.valid.body, deleteTeamSchema);
      const me = currentUser(req);
      const result = await deleteOwnTeam({ db, env: deps.env, teamId: id, reason, actorUserId: me.id });
      if (result.requiresLogin) {
        // Every session row of the team is gone already; drop this one's cookie too.
        await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
        res.clearCookie(SESSION_COOKIE, { path: "/" });
      }
      res.json(result);
    },
  );

  router.get("/users", requireVerified, validate({ query: usersQuerySchema }), cached, async (req, res) => {
    const q = input(req.valid.query, usersQuerySchema);
    res.json(await listUsers({ db, viewer: viewerOf(req), ...q }));
  });

  return router;
}
