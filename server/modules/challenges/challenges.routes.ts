// Challenges: send, list, accept / decline / cancel, the /challenge-teams table, the calendar file.
import type { Router } from "express";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { IdParams } from "../../middleware/validate";
import { apiRouter, ownListRead, teamRead } from "../../lib/route";
import {
  candidatesQuerySchema,
  challengeErrorTitle,
  challengeListQuerySchema,
  createChallengeSchema,
  proposeSlotsSchema,
  slotAnswerSchema,
  updateChallengeSchema,
} from "@shared/validators/challenges";
import { CHALLENGE_STATUS } from "@shared/constants";
import { acceptSlot, createChallenge, updateChallengeStatus } from "./challenges.service";
import { challengeRecordOf, getResponseRecord, listCandidates, listChallenges } from "./challenges.lists";
import {
  challengeCandidatesPageSchema,
  challengeRecordSchema,
  challengesPageSchema,
  slotAnswerResultSchema,
} from "@shared/types/challenges";
import { responseRecordSchema } from "@shared/types/clock";
import { challengeCalendar } from "./challenges.calendar";
import { answerSlot, proposeSlots, withdrawSlots } from "./challenges.slots";

/** A proposed time of a challenge: /challenges/{id}/slots/{slotId}. */
const SlotParams = IdParams.extend({ slotId: IdParams.shape.id });


export function challengesRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  route({
    method: "post",
    path: "/challenges",
    guard: "captain",
    body: createChallengeSchema,
    // Each refusal carries the product's toast title (docs/product.md) for its message.
    errorTitle: challengeErrorTitle,
    response: challengeRecordSchema,
    successStatus: 201,
    handler: async (req, res, { body }) => {
      const challenge = await createChallenge(deps, { ...body, actor: currentUser(req) });
      res.status(201).json(challengeRecordOf(challenge));
    },
  });

  ownListRead(route, deps, "/challenges/candidates", "verified", candidatesQuerySchema, "cached", listCandidates, challengeCandidatesPageSchema);

  for (const direction of ["incoming", "outgoing"] as const) {
    const list = (d: AppDeps, input: Omit<Parameters<typeof listChallenges>[1], "direction">) => listChallenges(d, { ...input, direction });
    ownListRead(route, deps, `/challenges/${direction}`, "verified", challengeListQuerySchema, "cached", list, challengesPageSchema);
  }

  // A team's response record, shown on its profile (docs/product.md, "The challenge clock").
  teamRead(route, deps, "/teams/:id/response-record", getResponseRecord, responseRecordSchema);

  route({
    method: "get",
    path: "/challenges/:id/calendar.ics",
    guard: "verified",
    params: IdParams,
    cache: "uncached",
    response: { mediaType: "text/calendar", description: "The challenge's agreed time as an iCalendar file (a download)." },
    handler: async (req, res, { params }) => {
      const ics = await challengeCalendar(deps, { challengeId: params.id, actor: currentUser(req) });
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
    response: challengeRecordSchema,
    handler: async (req, res, { params, body }) => {
      const challenge = await updateChallengeStatus(deps, {
        challengeId: params.id,
        status: body.status,
        slotId: body.slotId,
        note: body.note,
        actor: currentUser(req),
      });
      res.json(challengeRecordOf(challenge));
    },
  });

  // Deleting a challenge cancels it (soft: the row stays, status canceled).
  route({
    method: "delete",
    path: "/challenges/:id",
    guard: "captain",
    params: IdParams,
    response: challengeRecordSchema,
    handler: async (req, res, { params }) => {
      const challenge = await updateChallengeStatus(deps, { challengeId: params.id, status: CHALLENGE_STATUS.canceled, actor: currentUser(req) });
      res.json(challengeRecordOf(challenge));
    },
  });

  // Proposed times (docs/product.md, "Proposed times"): counter-proposals, reschedules, ticks.
  route({
    method: "post",
    path: "/challenges/:id/slots",
    guard: "captain",
    params: IdParams,
    body: proposeSlotsSchema,
    response: challengeRecordSchema,
    successStatus: 201,
    handler: async (req, res, { params, body }) => {
      res.status(201).json(challengeRecordOf(await proposeSlots(deps, { challengeId: params.id, slots: body.slots, actor: currentUser(req) })));
    },
  });

  route({
    method: "delete",
    path: "/challenges/:id/slots",
    guard: "captain",
    params: IdParams,
    response: challengeRecordSchema,
    handler: async (req, res, { params }) => {
      res.json(challengeRecordOf(await withdrawSlots(deps, { challengeId: params.id, actor: currentUser(req) })));
    },
  });

  // Accepting one proposed time: the answer to a pending challenge (as PATCH with slotId) or to a reschedule.
  route({
    method: "post",
    path: "/challenges/:id/slots/:slotId/accept",
    guard: "captain",
    params: SlotParams,
    response: challengeRecordSchema,
    handler: async (req, res, { params }) => {
      res.json(challengeRecordOf(await acceptSlot(deps, { challengeId: params.id, slotId: params.slotId, actor: currentUser(req) })));
    },
  });

  route({
    method: "put",
    path: "/challenges/:id/slots/:slotId/answer",
    guard: "participant",
    params: SlotParams,
    body: slotAnswerSchema,
    response: slotAnswerResultSchema,
    handler: async (req, res, { params, body }) => {
      res.json(await answerSlot(deps, { challengeId: params.id, slotId: params.slotId, canPlay: body.canPlay, actor: currentUser(req) }));
    },
  });

  return router;
}
