// Proposed times (docs/product.md, "Proposed times"; docs/decisions/030-proposed-slots-and-reschedule.md):
// the rules of a proposal, counter-proposals of a pending challenge, reschedules of an accepted one
// (propose, accept, withdraw) and each player's "can play / can't" on an open time. Whose turn it is
// lives on the challenge (`awaiting_team_id`); every change is one conditional UPDATE of the challenge
// that repeats the turn and the state, so two tabs or two captains racing change it once.
import { and, asc, eq, gt, inArray, isNull, max, or, sql } from "drizzle-orm";
import { challengeSlotAnswers, challengeSlots, challenges, sqlLiterals, teams, type Challenge, type ChallengeSlot } from "@shared/schema";
import { ACTIVE_CHALLENGE_STATUSES, CHALLENGE_STATUS, SLOT_STATUS, type Surface } from "@shared/constants";
import { surfaceFromLocation } from "@shared/places";
import { isOnSlotGrid, SLOT_MESSAGES, type SlotsInput } from "@shared/validators/challenges";
import { formatZonedDateTime } from "@shared/time";
import { rowsOf, type DbOrTx } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import type { SlotAnswerResult } from "@shared/types/challenges";
import { AppError } from "../../lib/app-error";
import { answerWindow, rescheduledPlayBy } from "../clock";
import { teamRecipients, tell } from "../notifications/notifications.service";
import type { EventType } from "../../mail/outbox";
import { counterProposalMail, rescheduledMail, rescheduleProposedMail, type ChallengeMailText, type SlotFacts } from "./challenges.emails";

const CHALLENGE_NOT_FOUND = "Challenge not found.";
const SLOT_NOT_FOUND = "That proposed time is not part of this challenge.";

/** A proposed time, checked: on the grid (club time), on the challenge's surface. */
export interface ProposedSlot {
  startsAt: Date;
  location: string;
}

/**
 * The rules zod cannot check without the club's zone and the challenge: every time on the half-hour
 * grid 06:00–22:30 club time (skipped for the older single `proposedDateTime`), every place on `surface`.
 */
export function checkSlots(
  slots: readonly { startsAt: Date; location?: string | undefined }[],
  o: { timeZone: string; surface: Surface; defaultLocation: string; grid: boolean },
): ProposedSlot[] {
  return slots.map((s) => {
    if (o.grid && !isOnSlotGrid(s.startsAt, o.timeZone)) throw new AppError(400, SLOT_MESSAGES.offGrid, { code: "off_grid" });
    const location = s.location ?? o.defaultLocation;
    if (surfaceFromLocation(location) !== o.surface) throw new AppError(400, SLOT_MESSAGES.otherSurface, { code: "other_surface" });
    return { startsAt: s.startsAt, location };
  });
}

/** Closes the challenge's open slots and adds `slots` as the next round, proposed by `teamId`. */
export async function insertRound(tx: DbOrTx, o: { challengeId: number; teamId: number; slots: readonly ProposedSlot[]; now: Date }): Promise<ChallengeSlot[]> {
  await tx
    .update(challengeSlots)
    .set({ status: SLOT_STATUS.closed })
    .where(and(eq(challengeSlots.challengeId, o.challengeId), eq(challengeSlots.status, SLOT_STATUS.open)));
  const [last] = await tx.select({ round: max(challengeSlots.round) }).from(challengeSlots).where(eq(challengeSlots.challengeId, o.challengeId));
  const round = (last?.round ?? 0) + 1;
  return tx
    .insert(challengeSlots)
    .values(o.slots.map((s) => ({ challengeId: o.challengeId, startsAt: s.startsAt, location: s.location, proposedByTeamId: o.teamId, round, createdAt: o.now })))
    .returning();
}

/** The challenge's open slots, earliest first. */
export async function openSlots(db: DbOrTx, challengeId: number): Promise<ChallengeSlot[]> {
  return db
    .select()
    .from(challengeSlots)
    .where(and(eq(challengeSlots.challengeId, challengeId), eq(challengeSlots.status, SLOT_STATUS.open)))
    .orderBy(asc(challengeSlots.startsAt));
}

/** Marks `slotId` accepted and the challenge's other open slots closed. */
export async function settleSlots(tx: DbOrTx, o: { challengeId: number; slotId: number }): Promise<void> {
  await tx
    .update(challengeSlots)
    .set({ status: sql`case when ${challengeSlots.id} = ${o.slotId} then ${SLOT_STATUS.accepted} else ${SLOT_STATUS.closed} end` })
    .where(and(eq(challengeSlots.challengeId, o.challengeId), eq(challengeSlots.status, SLOT_STATUS.open)));
}

/** Closes every open slot of the challenge (it was declined, canceled or expired). */
export async function closeSlots(tx: DbOrTx, challengeIds: number[]): Promise<void> {
  if (challengeIds.length === 0) return;
  await tx
    .update(challengeSlots)
    .set({ status: SLOT_STATUS.closed })
    .where(and(inArray(challengeSlots.challengeId, challengeIds), eq(challengeSlots.status, SLOT_STATUS.open)));
}

/** Tells every member of a team, in `db`'s transaction. */
async function tellTeam(db: DbOrTx, type: EventType, teamId: number, message: ChallengeMailText): Promise<void> {
  const members = await teamRecipients(db, [teamId]);
  await tell(db, { type, userIds: members.userIds, link: "/challenges", mail: { to: members.emails, subject: message.subject, text: message.text } });
}

async function teamName(db: DbOrTx, id: number): Promise<string> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, id)).limit(1);
  return row?.name ?? "A team";
}

const otherTeam = (c: Pick<Challenge, "challengerTeamId" | "challengedTeamId">, teamId: number) =>
  c.challengerTeamId === teamId ? c.challengedTeamId : c.challengerTeamId;

/** The challenge as it is now, if the team is one of its two (else 404: its existence is not revealed). */
async function challengeOfTeam(db: DbOrTx, challengeId: number, teamId: number | null): Promise<Challenge> {
  if (!teamId) throw new AppError(404, CHALLENGE_NOT_FOUND);
  const [row] = await db.select().from(challenges).where(eq(challenges.id, challengeId)).limit(1);
  if (!row || (row.challengerTeamId !== teamId && row.challengedTeamId !== teamId)) throw new AppError(404, CHALLENGE_NOT_FOUND);
  return row;
}

const notAvailable = (message: string, code = "wrong_state") => new AppError(409, message, { title: "Challenge Not Available", code });
const notYourTurn = (message: string) => new AppError(409, message, { title: "Not Your Turn", code: "not_your_turn" });

/** Why a proposal by `teamId` was refused, read from the challenge as it is now. */
function proposalRefusal(row: Challenge, teamId: number, now: Date, timeZone: string): AppError {
  const awaiting = row.awaitingTeamId ?? (row.status === CHALLENGE_STATUS.pending ? row.challengedTeamId : null);
  if (row.status === CHALLENGE_STATUS.pending) {
    if (row.acceptBy && row.acceptBy <= now)
      return notAvailable(`This challenge expired: its answer window ended ${formatZonedDateTime(row.acceptBy, timeZone)}.`, "answer_window_over");
    if (awaiting !== teamId) return notYourTurn("Your team proposed the open times: it is the other team's turn to accept one of them or propose others.");
  }
  if (row.status === CHALLENGE_STATUS.accepted && awaiting !== null && awaiting !== teamId)
    return notYourTurn("Your team has already proposed new times: the other captain answers them, or you withdraw them to propose others.");
  return notAvailable(`This challenge is ${row.status.replace("_", " ")}: no other times can be proposed.`);
}

/**
 * POST /api/challenges/{id}/slots. Pending: the captain whose turn it is counter-proposes; the turn
 * and a fresh answer window (the club rules) pass to the other team. Accepted: either captain proposes
 * to move the match (or counters the other's proposal); the agreed time stands until the other
 * captain accepts one.
 */
export async function proposeSlots(
  deps: Deps<"db" | "env">,
  input: { challengeId: number; slots: SlotsInput; actor: Pick<Actor, "teamId">; now?: Date },
): Promise<Challenge> {
  const { db, env } = deps;
  const now = input.now ?? new Date();
  const teamId = input.actor.teamId;
  const current = await challengeOfTeam(db, input.challengeId, teamId);
  const slots = checkSlots(input.slots, { timeZone: env.CLUB_TIMEZONE, surface: current.surface, defaultLocation: current.location, grid: true });
  const other = otherTeam(current, teamId!);
  const earliest = slots.reduce((a, b) => (a.startsAt <= b.startsAt ? a : b));

  const done = await db.transaction(async (tx) => {
    const isPending = current.status === CHALLENGE_STATUS.pending;
    const answer = isPending ? await answerWindow(tx, { env, now }) : null;
    const [row] = await tx
      .update(challenges)
      .set({
        awaitingTeamId: other,
        updatedAt: now,
        ...(answer
          ? {
              // The other side's answer window starts now; the time shown is the earliest proposed.
              acceptBy: answer.deadline,
              answerRemindAt: answer.remindAt,
              answerRemindedAt: null,
              proposedDateTime: earliest.startsAt,
              // Counter-proposing answers the challenge in time (the team's response record).
              ...(current.challengedTeamId === teamId ? { answeredAt: sql`coalesce(${challenges.answeredAt}, ${now.toISOString()}::timestamptz)` } : {}),
            }
          : {}),
      })
      .where(
        and(
          eq(challenges.id, current.id),
          isPending
            ? and(
                eq(challenges.status, CHALLENGE_STATUS.pending),
                sql`coalesce(${challenges.awaitingTeamId}, ${challenges.challengedTeamId}) = ${teamId}`,
                or(isNull(challenges.acceptBy), gt(challenges.acceptBy, now)),
              )
            : and(eq(challenges.status, CHALLENGE_STATUS.accepted), or(isNull(challenges.awaitingTeamId), eq(challenges.awaitingTeamId, teamId!))),
        ),
      )
      .returning();
    if (!row) return undefined;
    await insertRound(tx, { challengeId: row.id, teamId: teamId!, slots, now });
    const fromTeam = await teamName(tx, teamId!);
    const facts: SlotFacts[] = [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    if (isPending) {
      await tellTeam(tx, "challenge.countered", other, counterProposalMail({ appUrl: env.APP_URL, timeZone: env.CLUB_TIMEZONE, fromTeam, slots: facts, acceptBy: row.acceptBy }));
    } else {
      const agreed = row.proposedDateTime ? { startsAt: row.proposedDateTime, location: row.location } : null;
      await tellTeam(tx, "challenge.reschedule_proposed", other, rescheduleProposedMail({ appUrl: env.APP_URL, timeZone: env.CLUB_TIMEZONE, fromTeam, current: agreed, slots: facts }));
    }
    return row;
  });
  if (!done) throw proposalRefusal(await challengeOfTeam(db, input.challengeId, teamId), teamId!, now, env.CLUB_TIMEZONE);
  return done;
}

/**
 * POST /api/challenges/{id}/slots/{slotId}/accept on an accepted challenge: the captain whose turn it
 * is takes one of the proposed new times. In one UPDATE the time and place move, `schedule_version`
 * rises (the calendar event's SEQUENCE) and the play-by date moves with the match (never earlier than
 * it was, never before the match + 2 days).
 */
export async function acceptReschedule(
  deps: Deps<"db" | "env">,
  input: { challengeId: number; slotId: number; actor: Pick<Actor, "teamId">; now?: Date },
): Promise<Challenge> {
  const { db, env } = deps;
  const now = input.now ?? new Date();
  const teamId = input.actor.teamId;
  const current = await challengeOfTeam(db, input.challengeId, teamId);
  const done = await db.transaction(async (tx) => {
    const [slot] = await tx
      .select()
      .from(challengeSlots)
      .where(and(eq(challengeSlots.id, input.slotId), eq(challengeSlots.challengeId, current.id), eq(challengeSlots.status, SLOT_STATUS.open)))
      .for("update");
    if (!slot) return undefined;
    const play = await rescheduledPlayBy(tx, { env, now, current: current.playBy, startsAt: slot.startsAt });
    const [row] = await tx
      .update(challenges)
      .set({
        proposedDateTime: slot.startsAt,
        location: slot.location,
        scheduleVersion: sql`${challenges.scheduleVersion} + 1`,
        awaitingTeamId: null,
        updatedAt: now,
        ...(play ? { playBy: play.deadline, resultRemindAt: play.remindAt, resultRemindedAt: null } : {}),
      })
      .where(and(eq(challenges.id, current.id), eq(challenges.status, CHALLENGE_STATUS.accepted), eq(challenges.awaitingTeamId, teamId!)))
      .returning();
    if (!row) return undefined;
    await settleSlots(tx, { challengeId: row.id, slotId: slot.id });
    await tellTeam(
      tx,
      "challenge.rescheduled",
      otherTeam(row, teamId!),
      rescheduledMail({ appUrl: env.APP_URL, timeZone: env.CLUB_TIMEZONE, actingTeam: await teamName(tx, teamId!), slot, playBy: row.playBy }),
    );
    return row;
  });
  if (done) return done;
  const now2 = await challengeOfTeam(db, input.challengeId, teamId);
  const [slot] = await db.select().from(challengeSlots).where(and(eq(challengeSlots.id, input.slotId), eq(challengeSlots.challengeId, now2.id)));
  if (!slot) throw new AppError(404, SLOT_NOT_FOUND);
  if (now2.status !== CHALLENGE_STATUS.accepted) throw notAvailable(`This challenge is ${now2.status.replace("_", " ")}: its time can no longer change.`);
  if (slot.status !== SLOT_STATUS.open) throw notAvailable("That proposed time is no longer open.", "slot_not_open");
  throw notYourTurn("Your team proposed these times: the other captain accepts one of them.");
}

/** DELETE /api/challenges/{id}/slots: the captain who proposed to move an accepted match takes it back. */
export async function withdrawSlots(
  deps: Deps<"db">,
  input: { challengeId: number; actor: Pick<Actor, "teamId">; now?: Date },
): Promise<Challenge> {
  const { db } = deps;
  const now = input.now ?? new Date();
  const teamId = input.actor.teamId;
  const current = await challengeOfTeam(db, input.challengeId, teamId);
  const other = otherTeam(current, teamId!);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(challenges)
      .set({ awaitingTeamId: null, updatedAt: now })
      .where(and(eq(challenges.id, current.id), eq(challenges.status, CHALLENGE_STATUS.accepted), eq(challenges.awaitingTeamId, other)))
      .returning();
    if (!row) return undefined;
    await tx
      .update(challengeSlots)
      .set({ status: SLOT_STATUS.withdrawn })
      .where(and(eq(challengeSlots.challengeId, row.id), eq(challengeSlots.status, SLOT_STATUS.open), eq(challengeSlots.proposedByTeamId, teamId!)));
    return row;
  });
  if (done) return done;
  throw notAvailable("There is no proposal of new times by your team to withdraw.", "nothing_to_withdraw");
}

/**
 * PUT /api/challenges/{id}/slots/{slotId}/answer: one of the four players says whether they can play
 * at an open time (one answer each, changed by answering again). Others: 404.
 */
export async function answerSlot(
  deps: Deps<"db">,
  input: { challengeId: number; slotId: number; canPlay: boolean; actor: Pick<Actor, "id" | "teamId">; now?: Date },
): Promise<SlotAnswerResult> {
  const { db } = deps;
  const now = input.now ?? new Date();
  const { actor } = input;
  await challengeOfTeam(db, input.challengeId, actor.teamId);
  // The slot must be open and its challenge still going on, checked in the statement that writes.
  const res = await db.execute<{ slot_id: number }>(sql`
    insert into ${challengeSlotAnswers} (slot_id, user_id, can_play, answered_at)
    select s.id, ${actor.id}, ${input.canPlay}, ${now.toISOString()}::timestamptz
    from ${challengeSlots} s join ${challenges} c on c.id = s.challenge_id
    where s.id = ${input.slotId} and s.challenge_id = ${input.challengeId} and s.status = ${SLOT_STATUS.open}
      and c.status in (${sqlLiterals(ACTIVE_CHALLENGE_STATUSES)})
      and ${actor.teamId} in (c.challenger_team_id, c.challenged_team_id)
    on conflict (slot_id, user_id) do update set can_play = excluded.can_play, answered_at = excluded.answered_at
    returning slot_id`);
  if (rowsOf(res).length === 0) {
    const [slot] = await db
      .select({ id: challengeSlots.id })
      .from(challengeSlots)
      .where(and(eq(challengeSlots.id, input.slotId), eq(challengeSlots.challengeId, input.challengeId)));
    if (!slot) throw new AppError(404, SLOT_NOT_FOUND);
    throw notAvailable("That proposed time is no longer open.", "slot_not_open");
  }
  return { slotId: input.slotId, userId: actor.id, canPlay: input.canPlay };
}
