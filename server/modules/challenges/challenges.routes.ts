// Challenges: send, list, accept / decline / cancel, the /challenge-teams table, the calendar file.
import { Router, type RequestHandler } from "express";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { currentUser, requireCaptain, requireVerified } from "../../middleware/auth";
import { IdParams, input, validate, zodToAppError } from "../../middleware/validate";
import { cachedRead } from "../../lib/read-cache";
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

/** Like validate({ body }), but each refusal carries the spec's toast title for its message. */
const validateChallengeBody: RequestHandler = (req, _res, next) => {
  const parsed = createChallengeSchema.safeParse(req.body ?? {});
  if (!parsed.success) {
    const error = zodToAppError(parsed.error);
    const title = challengeErrorTitle(error.message);
    return next(new AppError(400, error.message, { code: error.code, ...(title ? { title } : {}), ...(error.fields ? { fields: error.fields } : {}) }));
  }
  req.valid = { ...(req.valid ?? {}), body: parsed.data };
  next();
};

const actorOf = (user: Express.User): Actor => ({ id: user.id, teamId: user.teamId, isCaptain: user.isCaptain });

export function challengesRoutes(deps: AppDeps): Router {
  const cached = cachedRead(deps.readCache);
  const router = Router();
  const mail = { appUrl: deps.env.APP_URL };

  router.post("/challenges", requireCaptain, validateChallengeBody, async (req, res) => {
    const challenge = await createChallenge({
      db: deps.db,
      actor: actorOf(currentUser(req)),
      input: input(req.valid.body, createChallengeSchema),
      mail,
    });
    res.status(201).json(challenge);
  });

  router.get("/challenges/candidates", requireVerified, validate({ query: candidatesQuerySchema }), cached, async (req, res) => {
    const user = currentUser(req);
    const query = input(req.valid.query, candidatesQuerySchema);
    res.json(await listCandidates({ db: deps.db, teamId: user.teamId, isCaptain: user.isCaptain, query }));
  });

  for (const direction of ["incoming", "outgoing"] as const) {
    router.get(`/challenges/${direction}`, requireVerified, validate({ query: challengeListQuerySchema }), cached, async (req, res) => {
      res.json(
        await listChallenges({
          db: deps.db,
          teamId: currentUser(req).teamId,
          direction,
          query: input(req.valid.query, challengeListQuerySchema),
        }),
      );
    });
  }

  router.get("/challenges/:id/calendar.ics", requireVerified, validate({ params: IdParams }), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    const ics = await challengeCalendar({ db: deps.db, teamId: currentUser(req).teamId, challengeId: id, appUrl: deps.env.APP_URL });
    res.setHeader("Content-Type", "text/calendar; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${ics.filename}"`);
    res.send(ics.body);
  });

  router.patch(
    "/challenges/:id",
    requireCaptain,
    validate({ params: IdParams, body: updateChallengeSchema }),
    async (req, res) => {
      const { id } = input(req.valid.params, IdParams);
      const { status } = input(req.valid.body, updateChallengeSchema);
      res.json(await updateChallengeStatus({ db: deps.db, actor: actorOf(currentUser(req)), challengeId: id, status, mail }));
    },
  );

  // Deleting a challenge cancels it (soft: the row stays, status canceled).
  router.delete("/challenges/:id", requireCaptain, validate({ params: IdParams }), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await updateChallengeStatus({ db: deps.db, actor: actorOf(currentUser(req)), challengeId: id, status: CHALLENGE_STATUS.canceled, mail }));
  });

  return router;
}
