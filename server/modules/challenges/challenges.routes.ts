// Challenges: send, list, accept / decline / cancel, the /challenge-teams table, the calendar file.
import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { IdParams } from "../../middleware/validate";
import { apiRouter } from "../../lib/route";
import {
  candidatesQuerySchema,
  challengeErrorTitle,
  challengeListQuerySchema,
  createChallengeSchema,
  updateChallengeSchema,
} from "@shared/validators/challenges";
import { CHALLENGE_STATUS } from "@shared/constants";
import { createChallenge, updateChallengeStatus, type Actor } from "./challenges.service";
import { listCandidates, listChallenges } from "./challenges.lists";
import { challengeCalendar } from "./challenges.calendar";

const actorOf = (user: Express.User): Actor => ({ id: user.id, teamId: user.teamId, isCaptain: user.isCaptain });

export function challengesRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  const mail = { mailer: deps.mailer, appUrl: deps.env.APP_URL };

  route({
    method: "post",
    path: "/challenges",
    guard: "captain",
    body: createChallengeSchema,
    // Each refusal carries the spec's toast title for its message.
    errorTitle: challengeErrorTitle,
    handler: async (req, res, { body }) => {
      const challenge = await createChallenge({ db: deps.db, actor: actorOf(currentUser(req)), input: body, mail });
      res.status(201).json(challenge);
    },
  });

  route({
    method: "get",
    path: "/challenges/candidates",
    guard: "verified",
    query: candidatesQuerySchema,
    cache: "cached",
    handler: async (req, res, { query }) => {
      const user = currentUser(req);
      res.json(await listCandidates({ db: deps.db, teamId: user.teamId, isCaptain: user.isCaptain, query }));
    },
  });

  for (const direction of ["incoming", "outgoing"] as const) {
    route({
      method: "get",
      path: `/challenges/${direction}`,
      guard: "verified",
      query: challengeListQuerySchema,
      cache: "cached",
      handler: async (req, res, { query }) => {
        res.json(await listChallenges({ db: deps.db, teamId: currentUser(req).teamId, direction, query }));
      },
    });
  }

  route({
    method: "get",
    path: "/challenges/:id/calendar.ics",
    guard: "verified",
    params: IdParams,
    cache: "uncached",
    handler: async (req, res, { params }) => {
      const ics = await challengeCalendar({ db: deps.db, teamId: currentUser(req).teamId, challengeId: params.id, appUrl: deps.env.APP_URL });
      res.setHeader("Content-Type", "text/calendar; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${ics.filename}"`);
      res.send(ics.body);
    },
  });

  route({
    method: "patch",
    path: "/challenges/:id",
    guard: "captain",
    params: IdParams,
    body: updateChallengeSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await updateChallengeStatus({ db: deps.db, actor: actorOf(currentUser(req)), challengeId: params.id, status: body.status, mail }));
    },
  });

  // Deleting a challenge cancels it (soft: the row stays, status canceled).
  route({
    method: "delete",
    path: "/challenges/:id",
    guard: "captain",
    params: IdParams,
    handler: async (req, res, { params }) => {
      res.json(
        await updateChallengeStatus({ db: deps.db, actor: actorOf(currentUser(req)), challengeId: params.id, status: CHALLENGE_STATUS.canceled, mail }),
      );
    },
  });

  return router;
}
