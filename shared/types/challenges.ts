// Answer shapes of the challenges routes (server builds them, client reads them): zod schemas, the
// one definition of each (docs/decisions/033-api-reference-from-zod.md); the types are inferred.
import { z } from "zod";
import { CHALLENGE_STATUSES, COMPETITION_TYPES, CONFIRMATION_STATUSES, SURFACES } from "../constants";
import { pageSchemaOf } from "../paging";
import { CHALLENGE_REFUSAL } from "../validators/challenges";
import { memberRefSchema, namedRefSchema } from "./common";

/** A team as the challenge screens name it: who it is and its players. */
const challengeTeamRefSchema = namedRefSchema.extend({
  avatar: z.string().nullable(),
  competitionType: z.enum(COMPETITION_TYPES),
  members: z.array(memberRefSchema),
});

/** The other team of a challenge, as the My Challenges cards show it. */
export const challengeTeamViewSchema = challengeTeamRefSchema.extend({
  grassRating: z.int(),
  beachRating: z.int(),
  hardcourtRating: z.int(),
  meanRating: z.int().describe('The card "team rating": mean of the three surface ratings, rounded.'),
  wins: z.int(),
  losses: z.int(),
  suspended: z.boolean().describe("Any member suspended: it cannot be played against (accepting its challenge is refused)."),
  awayUntil: z.iso.date().nullable().describe('The last day (club day) of the away range it is on today, else null (docs/product.md, "Away").'),
});
export type ChallengeTeamView = z.infer<typeof challengeTeamViewSchema>;

/** A challenge row as POST / PATCH / DELETE answer it. */
export const challengeRecordSchema = z.object({
  id: z.int(),
  challengerTeamId: z.int(),
  challengedTeamId: z.int(),
  createdBy: z.int().nullable(),
  status: z.enum(CHALLENGE_STATUSES),
  location: z.string(),
  surface: z.enum(SURFACES),
  competitionType: z.enum(COMPETITION_TYPES),
  notes: z.string().nullable(),
  responseNote: z.string().nullable().describe("The challenged captain's note with the answer (accepted: their contact; declined: the reason)."),
  proposedDateTime: z.iso.datetime().nullable(),
  acceptBy: z.iso.datetime().nullable().describe('The challenge clock (docs/product.md, "The challenge clock"): answer by (pending).'),
  playBy: z.iso.datetime().nullable().describe("The challenge clock: play by (accepted)."),
  answeredAt: z.iso.datetime().nullable().describe("When the challenged captain accepted or declined."),
  awaitingTeamId: z
    .int()
    .nullable()
    .describe(
      'The team whose captain answers the open proposed times (docs/product.md, "Proposed times"): the challenged team when sent, the other side after a counter-proposal or a reschedule proposal; null when nothing waits.',
    ),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ChallengeRecord = z.infer<typeof challengeRecordSchema>;

/** PUT /api/challenges/{id}/slots/{slotId}/answer: the player's answer as saved. */
export const slotAnswerResultSchema = z.object({
  slotId: z.int(),
  userId: z.int(),
  canPlay: z.boolean(),
});
export type SlotAnswerResult = z.infer<typeof slotAnswerResultSchema>;

/** A player's "can play / can't" on a proposed time, with their name and team. */
export const slotAnswerViewSchema = slotAnswerResultSchema.omit({ slotId: true }).extend({ name: z.string(), teamId: z.int() });
export type SlotAnswerView = z.infer<typeof slotAnswerViewSchema>;

/** An open proposed time of a challenge, with every player's answer so far. */
export const challengeSlotViewSchema = z.object({
  id: z.int(),
  startsAt: z.iso.datetime(),
  location: z.string(),
  proposedByTeamId: z.int(),
  round: z.int(),
  answers: z.array(slotAnswerViewSchema),
});
export type ChallengeSlotView = z.infer<typeof challengeSlotViewSchema>;

/** A challenge on the My Challenges lists: the row (without its creator) seen from the user's team. */
export const challengeViewSchema = challengeRecordSchema.omit({ createdBy: true }).extend({
  direction: z.enum(["incoming", "outgoing"]).describe("Seen from the signed-in user's team."),
  opponent: challengeTeamViewSchema.describe("The team on the other side of the challenge."),
  matchId: z.int().nullable().describe("The match reported for this challenge (match_reported / completed), else null."),
  matchConfirmationStatus: z
    .enum(CONFIRMATION_STATUSES)
    .nullable()
    .describe("That match's confirmation (pending, confirmed, disputed), else null: a disputed result is labelled so."),
  matchReportedByMe: z.boolean().describe("True when the user's team reported that match (its captain may withdraw it while it is pending)."),
  slots: z.array(challengeSlotViewSchema).describe("The open proposed times (the challenge's, a counter-proposal's or a reschedule's), earliest first."),
  ownMembers: z.array(memberRefSchema).describe("The players of the user's own team (who may tick the times)."),
});
export type ChallengeView = z.infer<typeof challengeViewSchema>;

export const challengesPageSchema = pageSchemaOf(challengeViewSchema);
export type ChallengesPage = z.infer<typeof challengesPageSchema>;

/** One row of the /challenge-teams table. */
export const challengeCandidateSchema = challengeTeamRefSchema.extend({
  rating: z.int().describe("Rating on the chosen surface (no surface: mean of the three surface ratings)."),
  wins: z.int().describe("Record on the chosen surface (no surface: overall)."),
  losses: z.int(),
  status: z.enum(["Active", "Pending", "Suspended"]).describe("'Suspended' when a member is suspended, else 'Active' when approved, else 'Pending'."),
  rank: z.int().nullable().describe("Position on the chosen surface's ladder of the team's category, or null when unranked there (or inactive)."),
  inactive: z.boolean().describe('No confirmed match for the inactivity threshold: unranked until it plays (docs/product.md, "Activity").'),
  awayUntil: z.iso.date().nullable().describe("The last day (club day) of the away range the team is on today (it cannot be challenged); else null."),
  reachable: z.boolean().describe("Whether the signed-in user may challenge this team now (the rule POST /api/challenges applies)."),
  wildcard: z.boolean().describe('Out of reach, but may be challenged with one of the team\'s wildcards (docs/product.md, "Wildcards").'),
  reason: z.string().nullable().describe("Why not, when reachable is false (a partner's rows say captain_only when nothing else stops them)."),
  reasonCode: z.enum(CHALLENGE_REFUSAL).nullable(),
  winProbability: z.int().nullable().describe("The user's team's chance to beat this team on the chosen surface, in percent (null without a team)."),
  provisional: z
    .boolean()
    .describe('Fewer than PROVISIONAL_MATCHES confirmed matches on the chosen surface (no surface: in total): docs/product.md, "Provisional ratings".'),
  atStake: z
    .object({ win: z.int(), loss: z.int() })
    .nullable()
    .describe(
      "What the user's team would gain by beating this team on the chosen surface and lose (a negative number) by losing to it, from the rating engine with the model in force; null without a surface or a team.",
    ),
});
export type ChallengeCandidate = z.infer<typeof challengeCandidateSchema>;

/** GET /api/challenges/candidates. */
export const challengeCandidatesPageSchema = pageSchemaOf(challengeCandidateSchema).extend({
  surface: z.enum(SURFACES).nullable().describe("null: no surface chosen (ratings are the card rating, records overall, nobody ranked)."),
  me: z
    .object({ teamId: z.int(), rank: z.int().nullable(), ladderSize: z.int(), rating: z.int(), wildcardsLeft: z.int().nullable() })
    .nullable()
    .describe("The signed-in user's team on this surface: rank (null = unranked) and the ladder's length."),
});
export type ChallengeCandidatesPage = z.infer<typeof challengeCandidatesPageSchema>;
