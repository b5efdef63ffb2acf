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
import { createChallenge, updateChallengeStatus } from "./challenges.service";
import { listCandidates, listChallenges } from "./challenges.lists";
import { challengeCalendar } from "./challenges.calendar";

/** Like validate({ body }), but each refusal carries its toast title (docs/product.md, "Challenge and result messages"). */
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

export function challengesRoutes(deps: AppDeps): Router {
  const cached = cachedRead(deps.readCache);
  const router = Router();

  router.post("/challenges", requireCaptain, validateChallengeBody, async (req, res) => {
    const challenge = await createChallenge(deps, { ...input(req.valid.body, createChallengeSchema), actor: currentUser(req) });
    res.status(201).json(challenge);
  });

  router.get("/challenges/candidates", requireVerified, validate({ query: candidatesQuerySchema }), cached, async (req, res) => {
    res.json(await listCandidates(deps, { ...input(req.valid.query, candidatesQuerySchema), actor: currentUser(req) }));
  });

  for (const direction of ["incoming", "outgoing"] as const) {
    router.get(`/challenges/${direction}`, requireVerified, validate({ query: challengeListQuerySchema }), cached, async (req, res) => {
      res.json(await listChallenges(deps, { ...input(req.valid.query, challengeListQuerySchema), direction, actor: currentUser(req) }));
    });
  }

  router.get("/challenges/:id/calendar.ics", requireVerified, validate({ params: IdParams }), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    const ics = await challengeCalendar(deps, { challengeId: id, actor: currentUser(req) });
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
      res.json(await updateChallengeStatus(deps, { challengeId: id, status, actor: currentUser(req) }));
    },
  );

  // Deleting a challenge cancels it (soft: the row stays, status canceled).
  router.delete("/challenges/:id", requireCaptain, validate({ params: IdParams }), async (req, res) => {
    const { id } = input(req.valid.params, IdParams);
    res.json(await updateChallengeStatus(deps, { challengeId: id, status: CHALLENGE_STATUS.canceled, actor: currentUser(req) }));
  });

  return router;
}
