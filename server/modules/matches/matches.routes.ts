// Results routes (mounted under /api). Thin: check the input, call one service, answer.
import type { Router } from "express";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { IdParams } from "../../middleware/validate";
import { currentUser } from "../../middleware/auth";
import { apiRouter, listRead, tokenRead } from "../../lib/route";
import { disputeSchema, matchListQuerySchema, reportMatchBodySchema, type MatchListQuery } from "@shared/validators/matches";
import { MATCH_NOT_FOUND } from "./confirm.service";
import {
  approveMatch,
  confirmMatchByToken,
  getMatchByToken,
  getTeamStats,
  listAwaitingApproval,
  listRecentMatches,
  listTeamMatches,
  reportMatch,
  withdrawMatch,
} from "./matches.service";
import { disputeMatch } from "../disputes/disputes.service";
import { rateLimit } from "../../lib/rate-limit";
import { pageOf } from "../../lib/paging";
import {
  disputeMatchResultSchema,
  matchesPageSchema,
  matchResultSchema,
  matchViewSchema,
  teamStatsSchema,
  withdrawMatchResultSchema,
} from "@shared/types/matches";
import { requestLog } from "../../middleware/request-context";

/** Tokens are 43 base64url characters; anything else is simply not found. */
const TokenParams = z.object({ token: z.string({ error: MATCH_NOT_FOUND }) });
const TeamParams = z.object({
  teamId: z.coerce.number({ error: "Invalid team id." }).int("Invalid team id.").positive("Invalid team id.").max(2_147_483_647, "Invalid team id."),
});

export function matchesRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  const { db, env } = deps;
  // Token links are public: their POSTs are rate limited per IP like the other token endpoints
  // (the token itself is never used as a key: it would be stored).
  const tokenLimit = rateLimit({ db, logger: deps.logger, action: "match-token", max: env.AUTH_RATE_LIMIT_MAX });

  // ---- reads (bounded pages) ----
  /** A page of the signed-in member's own team's matches; a member without a team gets an empty page. */
  const ownTeamPage = (path: string, list: (deps: AppDeps, input: MatchListQuery & { teamId: number }) => Promise<unknown>) =>
    route({
      method: "get",
      path,
      guard: "verified",
      query: matchListQuerySchema,
      cache: "cached",
      response: matchesPageSchema,
      handler: async (req, res, { query }) => {
        const user = currentUser(req);
        res.json(user.teamId ? await list(deps, { ...query, teamId: user.teamId }) : pageOf([], 0, query));
      },
    });

  listRead(route, deps, "/matches", "verified", matchListQuerySchema, "cached", listRecentMatches, matchesPageSchema);

  ownTeamPage("/matches/user", listTeamMatches);

  route({
    method: "get",
    path: "/matches/stats",
    guard: "verified",
    cache: "cached",
    // null: the signed-in member has no team.
    response: teamStatsSchema.nullable(),
    handler: async (req, res) => {
      const user = currentUser(req);
      res.json(user.teamId ? await getTeamStats(deps, { teamId: user.teamId }) : null);
    },
  });

  ownTeamPage("/matches/awaiting-approval", listAwaitingApproval);

  route({
    method: "get",
    path: "/matches/team/:teamId",
    guard: "verified",
    params: TeamParams,
    query: matchListQuerySchema,
    cache: "cached",
    response: matchesPageSchema,
    handler: async (_req, res, { params, query }) => {
      res.json(await listTeamMatches(deps, { ...query, teamId: params.teamId }));
    },
  });

  // Token views: public and read-only (email scanners prefetch links).
  for (const path of ["/matches/token/:token", "/matches/confirm/:token"]) tokenRead(route, deps, path, TokenParams, getMatchByToken, matchViewSchema);

  // ---- changes ----
  route({
    method: "post",
    path: "/matches",
    guard: "captain",
    body: reportMatchBodySchema,
    errorTitle: "Failed to report match",
    response: matchResultSchema,
    successStatus: 201,
    handler: async (req, res, { body }) => {
      const match = await reportMatch({ ...deps, logger: requestLog(req) }, { ...body, actor: currentUser(req) });
      res.status(201).json({ match, message: "Match reported successfully! It is awaiting the other team's approval." });
    },
  });

  route({
    method: "post",
    path: "/matches/confirm/:token",
    guard: "token",
    limit: tokenLimit,
    params: TokenParams,
    response: matchResultSchema,
    handler: async (req, res, { params }) => {
      const match = await confirmMatchByToken({ ...deps, logger: requestLog(req) }, { token: params.token });
      res.json({ match, message: "Match Confirmed!" });
    },
  });

  route({
    method: "post",
    path: "/matches/dispute/:token",
    guard: "token",
    limit: tokenLimit,
    params: TokenParams,
    body: disputeSchema,
    response: disputeMatchResultSchema,
    handler: async (req, res, { params, body }) => {
      const result = await disputeMatch({ ...deps, logger: requestLog(req) }, { token: params.token, reason: body.reason });
      res.json({ ...result, message: "Match Disputed" });
    },
  });

  route({
    method: "post",
    path: "/matches/:id/approve",
    guard: "participant",
    params: IdParams,
    errorTitle: "Failed to Approve Match",
    response: matchResultSchema,
    handler: async (req, res, { params }) => {
      const match = await approveMatch({ ...deps, logger: requestLog(req) }, { matchId: params.id, actor: currentUser(req) });
      res.json({ match, message: "Match Approved" });
    },
  });

  route({
    method: "post",
    path: "/matches/:id/withdraw",
    guard: "captain",
    params: IdParams,
    errorTitle: "Failed to Withdraw Result",
    response: withdrawMatchResultSchema,
    handler: async (req, res, { params }) => {
      const result = await withdrawMatch({ ...deps, logger: requestLog(req) }, { matchId: params.id, actor: currentUser(req) });
      res.json({ ...result, message: "Result withdrawn. The challenge is accepted again." });
    },
  });

  route({
    method: "post",
    path: "/matches/:id/dispute",
    guard: "participant",
    params: IdParams,
    body: disputeSchema,
    response: disputeMatchResultSchema,
    handler: async (req, res, { params, body }) => {
      const result = await disputeMatch({ ...deps, logger: requestLog(req) }, { actor: currentUser(req), matchId: params.id, reason: body.reason });
      res.json({ ...result, message: "Match Disputed" });
    },
  });

  return router;
}
