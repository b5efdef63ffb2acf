// The mails of the challenge life cycle (the service sends them to every member of the other team).
// Links always start at APP_URL.
import { CHALLENGE_STATUS, SURFACE_LABELS, type CompetitionType, type Surface } from "@shared/constants";
import type { ChallengeUpdateStatus } from "@shared/validators/challenges";
import { formatZonedDateTime } from "@shared/time";

export interface ChallengeMailText {
  subject: string;
  text: string;
}

interface ChallengeFacts {
  location: string;
  proposedDateTime: Date | null;
  /** The challenged captain's note with the answer (contact when accepting, reason when declining). */
  responseNote?: string | null;
  /** The challenge clock: answer by, play by (docs/product.md, "The challenge clock"). */
  acceptBy?: Date | null;
  playBy?: Date | null;
}

/** The proposed time in the club's zone ('Thu 26 Nov, 6:00 PM'), or 'not set'. */
export function formatWhen(d: Date | null, timeZone: string): string {
  return d ? formatZonedDateTime(d, timeZone) : "not set";
}

/** A proposed time with its place. */
export interface SlotFacts {
  startsAt: Date;
  location: string;
}

/** The proposed times, one a line ('- Thu 26 Nov, 6:00 PM at UBC grass'). */
export function slotLines(slots: readonly SlotFacts[], timeZone: string): string {
  return slots.map((s) => `- ${formatZonedDateTime(s.startsAt, timeZone)} at ${s.location}`).join("\n");
}

/** To the team whose turn it is: the other side proposed other times (a counter-proposal). */
export function counterProposalMail(o: { appUrl: string; timeZone: string; fromTeam: string; slots: readonly SlotFacts[]; acceptBy: Date | null }): ChallengeMailText {
  return {
    subject: `${o.fromTeam} proposed other times for your challenge`,
    text: [
      `${o.fromTeam} cannot play at the times proposed so far and proposes these instead:\n${slotLines(o.slots, o.timeZone)}`,
      `Your captain can accept one of them or propose others here: ${o.appUrl}/challenges${o.acceptBy ? `\nPlease answer by ${formatZonedDateTime(o.acceptBy, o.timeZone)}: an unanswered challenge expires then.` : ""}`,
    ].join("\n\n"),
  };
}

/** To the other team of an accepted challenge: a captain proposes to move the match. */
export function rescheduleProposedMail(o: { appUrl: string; timeZone: string; fromTeam: string; current: SlotFacts | null; slots: readonly SlotFacts[] }): ChallengeMailText {
  return {
    subject: `${o.fromTeam} proposes to move your match`,
    text: [
      `${o.fromTeam} proposes to move your match to one of these times:\n${slotLines(o.slots, o.timeZone)}`,
      `Until your captain accepts one, the match stays at ${o.current ? `${formatZonedDateTime(o.current.startsAt, o.timeZone)} at ${o.current.location}` : "the agreed time"}.`,
      `Accept a time or propose others here: ${o.appUrl}/challenges`,
    ].join("\n\n"),
  };
}

/** To the team that proposed the move: the other captain accepted a new time. */
export function rescheduledMail(o: { appUrl: string; timeZone: string; actingTeam: string; slot: SlotFacts; playBy: Date | null }): ChallengeMailText {
  return {
    subject: `${o.actingTeam} accepted the new time of your match`,
    text: [
      `${o.actingTeam} accepted the new time of your match.`,
      `When: ${formatZonedDateTime(o.slot.startsAt, o.timeZone)}\nWhere: ${o.slot.location}`,
      `Calendars subscribed to your calendar feed move the event by themselves.${o.playBy ? `\nPlease report the result by ${formatZonedDateTime(o.playBy, o.timeZone)}.` : ""}\n\nYour challenges: ${o.appUrl}/challenges`,
    ].join("\n\n"),
  };
}

/** To the challenged team: a new challenge. */
export function newChallengeMail(o: {
  appUrl: string;
  timeZone: string;
  fromTeam: string;
  toTeam: string;
  surface: Surface;
  competitionType: CompetitionType;
  challenge: ChallengeFacts & { notes: string | null };
  /** The proposed times when there are several (else the time of the challenge is shown). */
  slots?: readonly SlotFacts[];
}): ChallengeMailText {
  const when =
    o.slots && o.slots.length > 1
      ? `Proposed times (your captain accepts one):\n${slotLines(o.slots, o.timeZone)}`
      : `When: ${formatWhen(o.challenge.proposedDateTime, o.timeZone)}\nWhere: ${o.challenge.location}`;
  return {
    subject: `New challenge from ${o.fromTeam}`,
    text: [
      `${o.fromTeam} has challenged your team ${o.toTeam} to a ${SURFACE_LABELS[o.surface].toLowerCase()} ladder match (${o.competitionType}).`,
      `${when}\nContact: ${o.challenge.notes ?? ""}`,
      `Your captain can accept or decline the challenge here: ${o.appUrl}/challenges${o.challenge.acceptBy ? `\nPlease answer by ${formatZonedDateTime(o.challenge.acceptBy, o.timeZone)}: an unanswered challenge expires then.` : ""}`,
    ].join("\n\n"),
  };
}

/** To the other team: the challenge was accepted or declined (by the challenged team) or canceled (by the challenger). */
export function challengeAnsweredMail(o: {
  appUrl: string;
  timeZone: string;
  status: ChallengeUpdateStatus;
  actingTeam: string;
  challenge: ChallengeFacts;
  /** Accepted by the challenger (a time the challenged team counter-proposed). */
  actingIsChallenger?: boolean;
}): ChallengeMailText {
  const { actingTeam } = o;
  const when = `When: ${formatWhen(o.challenge.proposedDateTime, o.timeZone)}\nWhere: ${o.challenge.location}`;
  const link = `${o.appUrl}/challenges`;
  switch (o.status) {
    case CHALLENGE_STATUS.accepted:
      return {
        subject: o.actingIsChallenger ? `${actingTeam} accepted the time you proposed` : `${actingTeam} accepted your challenge`,
        text: `${actingTeam} accepted your challenge.\n\n${when}\nTheir contact: ${o.challenge.responseNote ?? "none given; their captain's name is on the challenge in the app."}\n\nAfter the match, a captain reports the result here: ${link}${o.challenge.playBy ? `\nPlease report it by ${formatZonedDateTime(o.challenge.playBy, o.timeZone)}: a challenge without a result expires then.` : ""}`,
      };
    case CHALLENGE_STATUS.declined:
      return {
        subject: `${actingTeam} declined your challenge`,
        text: `${actingTeam} declined your challenge.\n\n${o.challenge.responseNote ? `Their reason: ${o.challenge.responseNote}\n\n` : ""}${when}\n\nYou can challenge another team here: ${o.appUrl}/challenge-teams`,
      };
    case CHALLENGE_STATUS.canceled:
      return {
        subject: `${actingTeam} canceled their challenge`,
        text: `${actingTeam} canceled the challenge they sent your team.\n\n${when}\n\nYour challenges: ${link}`,
      };
  }
}

/** To all four players: the challenge ran out of time (docs/product.md, "The challenge clock"). */
export function challengeExpiredMail(o: {
  appUrl: string;
  timeZone: string;
  challenger: string;
  challenged: string;
  /** "answer": nobody accepted or declined in time; "play": no result by the play-by date. */
  window: "answer" | "play";
  /** The team whose answer was awaited (the challenged team unless it counter-proposed). */
  awaited?: string;
  challenge: ChallengeFacts;
}): ChallengeMailText {
  const why =
    o.window === "answer"
      ? `${o.awaited ?? o.challenged} did not accept or decline it before its answer window ended`
      : `no result was reported by its play-by date${o.challenge.playBy ? ` (${formatZonedDateTime(o.challenge.playBy, o.timeZone)})` : ""}`;
  return {
    subject: `Challenge expired: ${o.challenger} vs ${o.challenged}`,
    text: [
      `The challenge from ${o.challenger} to ${o.challenged} has expired: ${why}.`,
      `When: ${formatWhen(o.challenge.proposedDateTime, o.timeZone)}\nWhere: ${o.challenge.location}`,
      `No ratings change. Either team may challenge the other again: ${o.appUrl}/challenge-teams`,
    ].join("\n\n"),
  };
}

/** To the challenged captain (the partner sees it in the app): answer before the window ends. */
export function answerReminderMail(o: { appUrl: string; timeZone: string; fromTeam: string; acceptBy: Date; challenge: ChallengeFacts }): ChallengeMailText {
  return {
    subject: `Reminder: answer the challenge from ${o.fromTeam} by ${formatZonedDateTime(o.acceptBy, o.timeZone)}`,
    text: [
      `${o.fromTeam} is waiting for your answer to their challenge. Accept or decline it by ${formatZonedDateTime(o.acceptBy, o.timeZone)}; after that it expires.`,
      `When: ${formatWhen(o.challenge.proposedDateTime, o.timeZone)}\nWhere: ${o.challenge.location}`,
      `Answer here: ${o.appUrl}/challenges`,
    ].join("\n\n"),
  };
}

/** To both captains (the partners see it in the app): report the result before the play-by date. */
export function resultReminderMail(o: { appUrl: string; timeZone: string; challenger: string; challenged: string; playBy: Date; challenge: ChallengeFacts }): ChallengeMailText {
  return {
    subject: `Reminder: report the result of ${o.challenger} vs ${o.challenged} by ${formatZonedDateTime(o.playBy, o.timeZone)}`,
    text: [
      `The challenge between ${o.challenger} and ${o.challenged} needs a result by ${formatZonedDateTime(o.playBy, o.timeZone)}; without one it expires (no rating change).`,
      `When: ${formatWhen(o.challenge.proposedDateTime, o.timeZone)}\nWhere: ${o.challenge.location}`,
      `Either captain reports it here: ${o.appUrl}/challenges`,
    ].join("\n\n"),
  };
}
