// The challenge life cycle: send (create), accept, decline, cancel. Each refusal is an AppError with a
// title and message for the toast. Who may challenge whom is challenges.eligibility.ts (the same rule
// the /challenge-teams table shows). Ownership and state are checked in the statements themselves
// (conditional UPDATE ... RETURNING), so races and forged ids are safe; the database's partial unique
// index keeps one pending-or-accepted challenge per pair of teams. Lists: challenges.lists.ts;
// calendar file: challenges.calendar.ts; mail texts: challenges.emails.ts.
import { and, count, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { challenges, teams, type Challenge } from "@shared/schema";
import { ACTIVE_CHALLENGE_STATUSES, CHALLENGE_STATUS, type ChallengeStatus } from "@shared/constants";
import { surfaceFromLocation } from "@shared/places";
import { ALREADY_DONE_CODE } from "@shared/constants";
import { SLOT_MESSAGES, type ChallengeUpdateStatus, type CreateChallengeInput } from "@shared/validators/challenges";
import type { DbOrTx } from "../../db/client";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";
import {
  acceptRefusal,
  activeChallengeRefusal,
  bothTeamsMayPlay,
  challengeRefusal,
  loadChallengeSides,
  needsWildcard,
  refusalError,
} from "./challenges.eligibility";
import { teamRecipients, tell } from "../notifications/notifications.service";
import type { EventType } from "../../mail/outbox";
import { challengeAnsweredMail, newChallengeMail, type ChallengeMailText } from "./challenges.emails";
import { currentLadderRanks } from "../ladder";
import { answerWindow, playByWindow } from "../clock";
import { useWildcard } from "../seasons";
import { formatZonedDateTime } from "@shared/time";
import { acceptReschedule, checkSlots, closeSlots, insertRound, openSlots, settleSlots } from "./challenges.slots";
import type { ChallengeSlot } from "@shared/schema";

export const CHALLENGE_NOT_FOUND = "Challenge not found.";

/** True when err is the violation of the one-active-challenge-per-pair index. */
function isActivePairViolation(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    const e = cur as { code?: unknown; constraint?: unknown; message?: unknown };
    if (e.code === "23505") {
      return e.constraint === "challenges_active_pair_uq" || String(e.message ?? "").includes("challenges_active_pair_uq");
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** POST /api/challenges: the captain's team challenges another team; the other team is told (in the same transaction). */
export async function createChallenge(
  deps: Deps<"db" | "env" | "clock">,
  input: CreateChallengeInput & { actor: Pick<Actor, "id" | "teamId" | "isCaptain">; now?: Date },
): Promise<Challenge> {
  const { db } = deps;
  const { actor } = input;
  const now = input.now ?? new Date();
  // The schema has checked that the location names a surface.
  const surface = surfaceFromLocation(input.location)!;
  const { challenger, opponents } = await loadChallengeSides({
    db,
    teamId: actor.teamId,
    isCaptain: actor.isCaptain,
    surface,
    opponents: { teamId: input.challengedTeamId },
    // Ranks are the stored ones (refreshed first when stored for another club day).
    at: await currentLadderRanks(deps),
  });
  const theirs = opponents[0];
  const refusal = challengeRefusal({ challenger, opponent: theirs, surface, category: input.competitionType, timeZone: deps.env.CLUB_TIMEZONE });
  if (refusal) throw refusalError(refusal);
  const mine = challenger!;
  // Past the reach limit, a team in its first season uses a wildcard (docs/product.md, "Wildcards").
  const wildcardSeason = needsWildcard(mine, theirs!, surface) ? mine.wildcards!.seasonId : null;
  // The proposed times (docs/product.md, "Proposed times"): the grid in club time, all on this surface.
  const slots = checkSlots(input.slots, { timeZone: deps.env.CLUB_TIMEZONE, surface, defaultLocation: input.location, grid: !input.legacyTime });
  const earliest = slots.reduce((a, b) => (a.startsAt <= b.startsAt ? a : b));
  // The answer window starts now (docs/product.md, "The challenge clock").
  const answer = await answerWindow(db, { env: deps.env, now });

  let created: Challenge | undefined;
  try {
    created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(challenges)
        .values({
          challengerTeamId: mine.teamId,
          challengedTeamId: theirs!.id,
          createdBy: actor.id,
          status: CHALLENGE_STATUS.pending,
          location: input.location,
          surface,
          competitionType: mine.competitionType,
          notes: input.notes,
          proposedDateTime: earliest.startsAt,
          awaitingTeamId: theirs!.id,
          acceptBy: answer.deadline,
          answerRemindAt: answer.remindAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await insertRound(tx, { challengeId: row!.id, teamId: mine.teamId, slots, now });
      if (wildcardSeason !== null && !(await useWildcard(tx, { seasonId: wildcardSeason, teamId: mine.teamId, challengeId: row!.id, now }))) {
        throw refusalError(challengeRefusal({ challenger: { ...mine, wildcards: { seasonId: wildcardSeason, left: 0 } }, opponent: theirs, surface })!);
      }
      await tellTeam(
        tx,
        "challenge.received",
        theirs!.id,
        newChallengeMail({
          appUrl: deps.env.APP_URL,
          timeZone: deps.env.CLUB_TIMEZONE,
          fromTeam: mine.name,
          toTeam: theirs!.name,
          surface,
          competitionType: mine.competitionType,
          challenge: row!,
          slots: [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
        }),
      );
      return row;
    });
  } catch (err) {
    // Two captains (or two tabs) racing: the index lets exactly one through.
    if (isActivePairViolation(err)) throw refusalError(activeChallengeRefusal());
    throw err;
  }
  const challenge = created!;
  return challenge;
}

/** How a status reads in a sentence ("This challenge is … and can no longer be accepted."). */
const statusLabel = (status: ChallengeStatus): string =>
  status === CHALLENGE_STATUS.matchReported ? "waiting for approval of the reported result" : status;

/** An answer window that ran out before the sweep marked the challenge expired: the same refusal. */
function answerWindowOver(acceptBy: Date, status: ChallengeUpdateStatus, timeZone: string): AppError {
  return new AppError(409, `This challenge expired: its answer window ended ${formatZonedDateTime(acceptBy, timeZone)}. It can no longer be ${status}.`, {
    title: "Challenge Not Available",
    code: "answer_window_over",
  });
}

/**
 * accepted / declined: the challenged team's captain, from pending. Accepting also needs both teams
 * still able to play (approved, active, no member suspended), checked in the same UPDATE.
 * canceled: the challenger's captain, from pending or accepted (plans change before the match is
 * played; once a result is reported the match's confirmation or dispute decides instead).
 */
export async function updateChallengeStatus(
  deps: Deps<"db" | "env">,
  input: {
    challengeId: number;
    status: ChallengeUpdateStatus;
    /** Accepting: which open proposed time (optional when only one is open). */
    slotId?: number | undefined;
    /** Accepting: how to reach the challenged team; declining: the reason. Mailed and shown on the card. */
    note?: string | null | undefined;
    actor: Pick<Actor, "teamId">;
    now?: Date;
  },
): Promise<Challenge> {
  const { db } = deps;
  const { actor, challengeId, status } = input;
  const now = input.now ?? new Date();
  if (!actor.teamId) throw new AppError(404, CHALLENGE_NOT_FOUND);
  const teamId = actor.teamId;
  const isCancel = status === CHALLENGE_STATUS.canceled;
  const isAccept = status === CHALLENGE_STATUS.accepted;
  const fromStatuses: ChallengeStatus[] = isCancel ? [...ACTIVE_CHALLENGE_STATUSES] : [CHALLENGE_STATUS.pending];

  // Accepting takes one open proposed time: the one named, or the only one (a challenge from before
  // proposed times has none and keeps its time). A missing or closed choice is explained below, after
  // the party and turn checks, so a stranger learns nothing about the slots.
  let slotProblem: AppError | undefined;

  // The change and the other team's notification and mail in one transaction.
  const updated = await db.transaction(async (tx) => {
    let slot: ChallengeSlot | undefined;
    if (isAccept) {
      const open = await openSlots(tx, challengeId);
      slot = input.slotId === undefined ? (open.length === 1 ? open[0] : undefined) : open.find((s) => s.id === input.slotId);
      if (input.slotId !== undefined && !slot) {
        slotProblem = new AppError(409, "That proposed time is no longer open: please choose one of the open times.", { title: "Challenge Not Available", code: "slot_not_open" });
        return undefined;
      }
      if (input.slotId === undefined && open.length > 1) {
        slotProblem = new AppError(400, SLOT_MESSAGES.slotId, { code: "slot_required" });
        return undefined;
      }
    }
    const [answered] = await tx
      .update(challenges)
      .set({
        status,
        awaitingTeamId: null,
        // answered_at: the challenged team's first answer (a counter-proposal may have set it already).
        ...(isCancel ? {} : { responseNote: input.note ?? null, answeredAt: sql`coalesce(${challenges.answeredAt}, ${now.toISOString()}::timestamptz)` }),
        // The calendar feed shows challenges that were accepted (docs/product.md, "Calendar feed").
        ...(isAccept ? { acceptedAt: now } : {}),
        ...(slot ? { proposedDateTime: slot.startsAt, location: slot.location } : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(challenges.id, challengeId),
          // Accepting: the team whose turn it is; declining: the challenged team; canceling: the challenger.
          isCancel
            ? eq(challenges.challengerTeamId, teamId)
            : isAccept
              ? sql`coalesce(${challenges.awaitingTeamId}, ${challenges.challengedTeamId}) = ${teamId}`
              : eq(challenges.challengedTeamId, teamId),
          inArray(challenges.status, fromStatuses),
          // An answer comes within the answer window (the sweep may not have marked it expired yet).
          isCancel ? undefined : or(isNull(challenges.acceptBy), gt(challenges.acceptBy, now)),
          isAccept ? bothTeamsMayPlay() : undefined,
        ),
      )
      .returning();
    if (!answered) return undefined;
    if (slot) await settleSlots(tx, { challengeId, slotId: slot.id });
    else await closeSlots(tx, [challengeId]);
    let row = answered;
    if (isAccept) {
      // The play-by clock starts at acceptance (docs/product.md, "The challenge clock").
      const play = await playByWindow(tx, { env: deps.env, now, proposed: answered.proposedDateTime });
      const [withClock] = await tx
        .update(challenges)
        .set({ playBy: play.deadline, resultRemindAt: play.remindAt })
        .where(eq(challenges.id, answered.id))
        .returning();
      row = withClock!;
    }
    const otherTeamId = row.challengerTeamId === teamId ? row.challengedTeamId : row.challengerTeamId;
    const names = await tx
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(inArray(teams.id, [row.challengerTeamId, row.challengedTeamId]));
    const nameOf = (id: number) => names.find((n) => n.id === id)?.name ?? "A team";
    const mail = challengeAnsweredMail({
      appUrl: deps.env.APP_URL,
      timeZone: deps.env.CLUB_TIMEZONE,
      status,
      actingTeam: nameOf(teamId),
      challenge: row,
      actingIsChallenger: row.challengerTeamId === teamId,
    });
    await tellTeam(tx, `challenge.${status}`, otherTeamId, mail);
    return row;
  });

  if (!updated) {
    // Nothing changed: say why, reading the row as it is now.
    const [row] = await db
      .select({
        challengerTeamId: challenges.challengerTeamId,
        challengedTeamId: challenges.challengedTeamId,
        status: challenges.status,
        acceptBy: challenges.acceptBy,
        awaitingTeamId: challenges.awaitingTeamId,
      })
      .from(challenges)
      .where(eq(challenges.id, challengeId))
      .limit(1);
    if (!row || (row.challengerTeamId !== teamId && row.challengedTeamId !== teamId))
      throw new AppError(404, CHALLENGE_NOT_FOUND);
    if (isCancel && row.challengerTeamId !== teamId)
      throw new AppError(403, "Only the captain of the team that sent this challenge can cancel it. You can decline it instead.", {
        title: "Not Allowed",
      });
    const pending = row.status === CHALLENGE_STATUS.pending;
    // The challenged team proposed other times: the challenger's captain accepts one of them.
    const challengerTurn = pending && row.awaitingTeamId === row.challengerTeamId;
    if (isAccept && challengerTurn && row.challengedTeamId === teamId)
      throw new AppError(409, "Your team proposed the open times: it is the other team's turn to accept one of them or propose others.", {
        title: "Not Your Turn",
        code: "not_your_turn",
      });
    if (!isCancel && row.challengedTeamId !== teamId && !(isAccept && challengerTurn))
      throw new AppError(403, "Only the captain of the challenged team can accept or decline this challenge.", { title: "Not Allowed" });
    if (!isCancel && row.status === CHALLENGE_STATUS.pending && row.acceptBy && row.acceptBy <= now)
      throw answerWindowOver(row.acceptBy, status, deps.env.CLUB_TIMEZONE);
    if (slotProblem && pending) throw slotProblem;
    if (isAccept && pending) {
      const refusal = await acceptRefusal(db, { challengerTeamId: row.challengerTeamId, acceptingTeamId: teamId });
      if (refusal) throw refusalError(refusal);
    }
    // The same side already made this very move (a double click, a second tab): say so distinctly.
    throw new AppError(409, `This challenge is ${statusLabel(row.status)} and can no longer be ${status}.`, {
      title: "Challenge Not Available",
      code: row.status === status ? ALREADY_DONE_CODE : "wrong_state",
    });
  }

  return updated;
}

/**
 * POST /api/challenges/{id}/slots/{slotId}/accept: the captain whose turn it is takes one proposed
 * time: of a pending challenge (accepting it, as PATCH with slotId) or of a reschedule.
 */
export async function acceptSlot(
  deps: Deps<"db" | "env">,
  input: { challengeId: number; slotId: number; actor: Pick<Actor, "teamId">; now?: Date },
): Promise<Challenge> {
  const [row] = await deps.db.select({ status: challenges.status }).from(challenges).where(eq(challenges.id, input.challengeId)).limit(1);
  if (row?.status === CHALLENGE_STATUS.pending) return updateChallengeStatus(deps, { ...input, status: CHALLENGE_STATUS.accepted });
  return acceptReschedule(deps, input);
}

/** Tells every member of a team (a notification each, a mail to each address), in `db`'s transaction. */
async function tellTeam(db: DbOrTx, type: EventType, teamId: number, message: ChallengeMailText): Promise<void> {
  const members = await teamRecipients(db, [teamId]);
  await tell(db, { type, userIds: members.userIds, link: "/challenges", mail: { to: members.emails, subject: message.subject, text: message.text } });
}

/**
 * How many challenges wait for the team: received and still to answer (pending) or to play
 * (accepted), the "Incoming challenges" of the home page's "Waiting for you" and the menu's count.
 */
export async function countIncomingChallenges(deps: TxDeps<"db">, input: { teamId: number }): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(challenges)
    .where(and(eq(challenges.challengedTeamId, input.teamId), inArray(challenges.status, [...ACTIVE_CHALLENGE_STATUSES])));
  return Number(row?.n ?? 0);
}
