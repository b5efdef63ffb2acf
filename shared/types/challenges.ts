// Response shapes of the challenges reads (server builds them, client reads them).
import type { ChallengeStatus, CompetitionType, ConfirmationStatus, Surface } from "../constants";
import type { Page } from "../paging";
import type { ChallengeRefusalCode } from "../validators/challenges";

export interface ChallengeMemberView {
  id: number;
  name: string;
  isCaptain: boolean;
}

/** The other team of a challenge, as the My Challenges cards show it. */
export interface ChallengeTeamView {
  id: number;
  name: string;
  avatar: string | null;
  competitionType: CompetitionType;
  members: ChallengeMemberView[];
  grassRating: number;
  beachRating: number;
  hardcourtRating: number;
  /** The card "team rating": mean of the three surface ratings, rounded. */
  meanRating: number;
  wins: number;
  losses: number;
  /** Any member suspended: it cannot be played against (accepting its challenge is refused). */
  suspended: boolean;
  /** The last day ('YYYY-MM-DD', club day) of the away range it is on today, else null (docs/product.md, "Away"). */
  awayUntil: string | null;
}

/** A challenge on the My Challenges lists: the row (without its creator) seen from the user's team. */
export interface ChallengeView extends Omit<ChallengeRecord, "createdBy"> {
  /** Seen from the signed-in user's team. */
  direction: "incoming" | "outgoing";
  /** The team on the other side of the challenge. */
  opponent: ChallengeTeamView;
  /** The match reported for this challenge (match_reported / completed), else null. */
  matchId: number | null;
  /** That match's confirmation (pending, confirmed, disputed), else null: a disputed result is labelled so. */
  matchConfirmationStatus: ConfirmationStatus | null;
  /** True when the user's team reported that match (its captain may withdraw it while it is pending). */
  matchReportedByMe: boolean;
  /** The open proposed times (the challenge's, a counter-proposal's or a reschedule's), earliest first. */
  slots: ChallengeSlotView[];
  /** The players of the user's own team (who may tick the times). */
  ownMembers: ChallengeMemberView[];
}

export type ChallengesPage = Page<ChallengeView>;

/** A player's "can play / can't" on a proposed time. */
export interface SlotAnswerView {
  userId: number;
  name: string;
  teamId: number;
  canPlay: boolean;
}

/** An open proposed time of a challenge, with every player's answer so far. */
export interface ChallengeSlotView {
  id: number;
  startsAt: string;
  location: string;
  proposedByTeamId: number;
  round: number;
  answers: SlotAnswerView[];
}

/** One row of the /challenge-teams table. */
export interface ChallengeCandidate {
  id: number;
  name: string;
  avatar: string | null;
  competitionType: CompetitionType;
  members: ChallengeMemberView[];
  /** Rating and record on the chosen surface (no surface: mean of the three surface ratings, overall record). */
  rating: number;
  wins: number;
  losses: number;
  /** 'Suspended' when a member is suspended, else 'Active' when approved, else 'Pending'. */
  status: "Active" | "Pending" | "Suspended";
  /** Position on the chosen surface's ladder of the team's category, or null when unranked there (or inactive). */
  rank: number | null;
  /** No confirmed match for the inactivity threshold: unranked until it plays (docs/product.md, "Activity"). */
  inactive: boolean;
  /** The last day ('YYYY-MM-DD', club day) of the away range the team is on today (it cannot be challenged); else null. */
  awayUntil: string | null;
  /** Whether the signed-in user may challenge this team now (the rule POST /api/challenges applies). */
  reachable: boolean;
  /** Out of reach, but may be challenged with one of the team's wildcards (docs/product.md, "Wildcards"). */
  wildcard: boolean;
  /** Why not, when reachable is false (a partner's rows say captain_only when nothing else stops them). */
  reason: string | null;
  reasonCode: ChallengeRefusalCode | null;
  /** The user's team's chance to beat this team on the chosen surface, in percent (null without a team). */
  winProbability: number | null;
  /** Fewer than PROVISIONAL_MATCHES confirmed matches on the chosen surface (no surface: in total): docs/product.md, "Provisional ratings". */
  provisional: boolean;
  /**
   * What the user's team would gain by beating this team on the chosen surface and lose (a negative
   * number) by losing to it, from the rating engine with the model in force; null without a surface or a team.
   */
  atStake: { win: number; loss: number } | null;
}

export interface ChallengeCandidatesPage extends Page<ChallengeCandidate> {
  /** null: no surface chosen (ratings are the card rating, records overall, nobody ranked). */
  surface: Surface | null;
  /** The signed-in user's team on this surface: rank (null = unranked) and the ladder's length. */
  me: { teamId: number; rank: number | null; ladderSize: number; rating: number; wildcardsLeft: number | null } | null;
}

/** A challenge row as POST / PATCH / DELETE answer it. */
export interface ChallengeRecord {
  id: number;
  challengerTeamId: number;
  challengedTeamId: number;
  createdBy: number | null;
  status: ChallengeStatus;
  location: string;
  surface: Surface;
  competitionType: CompetitionType;
  notes: string | null;
  /** The challenged captain's note with the answer (accepted: their contact; declined: the reason). */
  responseNote: string | null;
  proposedDateTime: string | null;
  /** The challenge clock (docs/product.md, "The challenge clock"): answer by (pending), play by (accepted). */
  acceptBy: string | null;
  playBy: string | null;
  /** When the challenged captain accepted or declined. */
  answeredAt: string | null;
  /**
   * The team whose captain answers the open proposed times (docs/product.md, "Proposed times"): the
   * challenged team when sent, the other side after a counter-proposal or a reschedule proposal; null
   * when nothing waits.
   */
  awaitingTeamId: number | null;
  createdAt: string;
  updatedAt: string;
}
