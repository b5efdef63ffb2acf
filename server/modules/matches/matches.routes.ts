// Results routes (mounted under /api). Thin: check the input, call one service, answer.
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { IdParams, input, validate } from "../../middleware/validate";
import { currentUser, requireApproved, requireCaptain, requireVerified } from "../../middleware/auth";
import { disputeSchema, matchListQuerySchema, reportMatchBodySchema } from "@shared/validators/matches";
import { MATCH_NOT_FOUND } from "./confirm.service";
import {
  approveMatch,
  confirmMatchByToken,
  emptyPage,
  getMatchByToken,
  getTeamStats,
  listAwaitingApproval,
  listRecentMatches,
  listTeamMatches,
  reportMatch,
} from "./matches.service";
import { disputeMatch } from "../disputes/disputes.service";
import { rateLimit } from "../../lib/rate-limit";
import { cachedRead } from "../../lib/read-cache";

/** Tokens are 43 base64url characters; anything else is simply not found. */
const TokenParams = z.object({ token: z.string({ error: MATCH_NOT_FOUND }) });
const TeamParams = z.object({
  teamId: z.coerce.number({ error: "Invalid team id." }).int("Invalid team id.").positive("Invalid team id.").max(2_147_483_647, "Invalid team id."),
});

export function matchesRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, env } = deps;
  const cached = cachedRead(deps.readCache);
  // Token links are public: their POSTs are rate limited per IP like the other token endpoints
  // (the token itself is never used as a key: it would be stored).
  const tokenLimit = rateLimit({ db, logger: deps.logger, action: "match-token", max: env.AUTH_RATE_LIMIT_MAX });

  // ---- reads (bounded pages) ----
  router.get("/matches", requireVerified, validate({ query: matchListQuerySchema }), cached, async (req, res) => {
    const q = input(req.valid.query, matchListQuerySchema);
    res.json(await listRecentMatches({ db, ...q }));
  });

  router.get("/matches/user", requireVerified, validate({ query: matchListQuerySchema }), cached, async (req, res) => {
    const q = input(req.valid.query, matchListQuerySchema);
    const user = currentUser(req);
    res.json(user.teamId ? await listTeamMatches({ db, teamId: user.teamId, ...q }) : emptyPage(q.limit));
  });

  router.get("/matches/stats", requireVerified, cached, async (req, res) => {
    const user = currentUser(req);
    res.json(user.teamId ? await getTeamStats({ db, teamId: user.teamId }) : null);
  });

  router.get("/matches/awaiting-approval", requireVerified, validate({ query: matchListQuerySchema }), cached, async (req, res) => {
    const q = input(req.valid.query, matchListQuerySchema);
    const user = currentUser(req);
    res.json(user.teamId ? await listAwaitingApproval({ db, teamId: user.teamId, ...q }) : emptyPage(q.limit));
  });

  router.get("/matches/team/:teamId", requireVerified, validate({ params: TeamParams, query: matchListQuerySchema }), cached, async (req, res) => {
    const { teamId } = input(req.valid.params, TeamParams);
    const q = input(req.valid.query, matchListQuerySchema);
    res.json(await listTeamMatches({ db, teamId, ...q }));
  });

  // Token views: public and read-only (email scanners prefetch links).
  const tokenView: RequestHandler = async (req, res) => {
    const { token } = input(req.valid.params, TokenParams);
    res.json(await getMatchByToken({ db, token }));
  };
  router.get("/matches/token/:token", validate({ params: TokenParams }), tokenView);
  router.get("/matches/confirm/:token", validate({ params: TokenParams }), tokenView);

  // ---- changes ----
  router.post("/matches", requireCaptain, validate({ body: reportMatchBodySchema }, "Failed to report match"), async (req, res) => {
    const user = currentUser(req);
    const match = await reportMatch({
      db,
      env,
      logger: req.log,
      actor: { id: user.id, teamId: user.teamId, isCaptain: user.isCaptain },
      input: input(req.valid.body, reportMatchBodySchema),
    });
    res.status(201).json({ match, message: "Match reported successfully! It is awaiting the other team's approval." });
  });

  router.post("/matches/confirm/:token", tokenLimit, validate({ params: TokenParams }), async (req, res) => {
    const { token } = input(req.valid.params, TokenParams);
    const match = await confirmMatchByToken({ db, logger: req.log, token });
    res.json({ match, message: "Match Confirmed!" });
  });

  router.post("/matches/dispute/:token", tokenLimit, validate({ params: TokenParams, body: disputeSchema }), async (req, res) => {
    const { token } = input(req.valid.params, TokenParams);
    const { reason } = input(req.valid.body, disputeSchema);
    const result = await disputeMatch({ db, env, logger: req.log, token, reason });
    res.json({ ...result, message: "Match Disputed" });
  });

  router.post("/matches/:id/approve", requireApproved, validate({ params: IdParams }, "Failed to Approve Match"), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    const user = currentUser(req);
    const match = await approveMatch({ db, logger: req.log, actor: { id: user.id, teamId: user.teamId, isCaptain: user.isCaptain }, matchId: id });
    res.json({ match, message: "Match Approved" });
  });

  router.post("/matches/:id/dispute", requireApproved, validate({ params: IdParams, body: disputeSchema }), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    const { reason } = input(req.valid.body, disputeSchema);
    const user = currentUser(req);
    const result = await disputeMatch({
      db,
      env,
      logger: req.log,
      actor: { id: user.id, teamId: user.teamId, isCaptain: user.isCaptain },
      matchId: id,
      reason,
    });
    res.json({ ...result, message: "Match Disputed" });
  });

  return router;
}
