import { Router, type Request, type RequestHandler, type Response } from "express";
import { SURFACES } from "@shared/constants";
import type { AppDeps } from "../../deps";
import { SESSION_COOKIE } from "../../auth/session";
import { IdParams, input, validate } from "../../middleware/validate";
import { currentUser, hasAdminAccess, requireCaptain, requireVerified } from "../../middleware/auth";
import { cachedRead } from "../../lib/read-cache";
import { getPublicLadder } from "../settings/settings.service";
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

/** A reader of the signed-out ladder: no team, no emails, no deleted teams. */
const ANONYMOUS: Viewer = { userId: 0, teamId: null, isAdmin: false };

function viewerOf(req: Request, res?: Response): Viewer {
  if (res?.locals.anonymousLadder === true) return ANONYMOUS;
  const u = currentUser(req);
  return { userId: u.id, teamId: u.teamId, isAdmin: hasAdminAccess(u) };
}

const isSurface = (v: unknown): boolean => typeof v === "string" && (SURFACES as readonly string[]).includes(v);

/**
 * GET /api/teams: requireVerified, except that a surface ladder (`?surface=grass|beach|hardcourt`)
 * is readable by anyone while the signed-out ladder is on (docs/product.md#the-signed-out-ladder);
 * whoever does not pass requireVerified then reads it as ANONYMOUS. Every other read keeps the guard.
 */
function ladderReader(deps: AppDeps): RequestHandler {
  return (req, res, next) => {
    requireVerified(req, res, (refusal?: unknown) => {
      if (!refusal) return next();
      if (!isSurface(req.query.surface)) return next(refusal);
      getPublicLadder({ db: deps.db, cache: deps.readCache }).then(({ enabled }) => {
        if (!enabled) return next(refusal);
        res.locals.anonymousLadder = true;
        next();
      }, next);
    });
  };
}

export function teamsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  const cached = cachedRead(deps.readCache);

  router.get("/teams", ladderReader(deps), validate({ query: teamsQuerySchema }, "Failed to load teams"), cached, async (req, res) => {
    const q = input(req.valid.query, teamsQuerySchema);
    res.json(await listTeams({ db, viewer: viewerOf(req, res), ...q }));
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
      const result = await deleteOwnTeam({ db, mailer: deps.mailer, env: deps.env, teamId: id, reason, actorUserId: me.id });
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
