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
}

/** The proposed time in the club's zone ('Thu 26 Nov, 6:00 PM'), or 'not set'. */
export function formatWhen(d: Date | null, timeZone: string): string {
  return d ? formatZonedDateTime(d, timeZone) : "not set";
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
}): ChallengeMailText {
  return {
    subject: `New challenge from ${o.fromTeam}`,
    text: [
      `${o.fromTeam} has challenged your team ${o.toTeam} to a ${SURFACE_LABELS[o.surface].toLowerCase()} ladder match (${o.competitionType}).`,
      `When: ${formatWhen(o.challenge.proposedDateTime, o.timeZone)}\nWhere: ${o.challenge.location}\nContact: ${o.challenge.notes ?? ""}`,
      `Your captain can accept or decline the challenge here: ${o.appUrl}/challenges`,
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
}): ChallengeMailText {
  const { actingTeam } = o;
  const when = `When: ${formatWhen(o.challenge.proposedDateTime, o.timeZone)}\nWhere: ${o.challenge.location}`;
  const link = `${o.appUrl}/challenges`;
  switch (o.status) {
    case CHALLENGE_STATUS.accepted:
      return {
        subject: `${actingTeam} accepted your challenge`,
        text: `${actingTeam} accepted your challenge.\n\n${when}\nTheir contact: ${o.challenge.responseNote ?? "none given; their captain's name is on the challenge in the app."}\n\nAfter the match, a captain reports the result here: ${link}`,
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
