// Answer shapes of the results routes (matches, disputes, history statistics): zod schemas, the one
// definition of each (docs/decisions/033-api-reference-from-zod.md); the types are inferred.
import { z } from "zod";
import { CONFIRMATION_STATUSES, DISPUTE_OUTCOMES, DISPUTE_STATUSES, MATCH_STATUSES, MATCH_TYPES, SURFACES } from "../constants";
import { pageSchemaOf } from "../paging";
import { setScoreSchema } from "../validators/matches";
import { memberRefSchema, messageResponseSchema, namedRefSchema } from "./common";

export const matchTeamSchema = namedRefSchema.extend({
  members: z.array(memberRefSchema).describe("Members' names only: the token pages are public."),
});
export type MatchTeam = z.infer<typeof matchTeamSchema>;

/** One match as every screen shows it (history, approval card, token pages, admin lists). */
export const matchViewSchema = z.object({
  id: z.int(),
  challengeId: z.int().nullable(),
  matchDate: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  location: z.string(),
  surface: z.enum(SURFACES),
  score: z.string().nullable().describe("The stored JSON text, as the API received it."),
  sets: z.array(setScoreSchema).nullable().describe("The score parsed into [team1, team2] pairs; null when absent or unreadable."),
  notes: z.string().nullable(),
  matchType: z.enum(MATCH_TYPES),
  matchStatus: z.enum(MATCH_STATUSES),
  confirmationStatus: z.enum(CONFIRMATION_STATUSES),
  approvalDeadline: z.iso.datetime().nullable(),
  approvedAt: z.iso.datetime().nullable(),
  team1: matchTeamSchema,
  team2: matchTeamSchema,
  winnerTeamId: z.int(),
  winnerTeamName: z.string(),
  reporter: namedRefSchema.nullable(),
  reportedByTeamId: z.int().nullable(),
  ratings: z
    .object({
      team1Prev: z.int().nullable(),
      team1New: z.int().nullable(),
      team2Prev: z.int().nullable(),
      team2New: z.int().nullable(),
      team1OverallPrev: z.int().nullable(),
      team1OverallNew: z.int().nullable(),
      team2OverallPrev: z.int().nullable(),
      team2OverallNew: z.int().nullable(),
    })
    .describe("Surface ratings (team1/2) and overall ratings (team1Overall/team2Overall) before and after; null until approved."),
});
export type MatchView = z.infer<typeof matchViewSchema>;

export const matchesPageSchema = pageSchemaOf(matchViewSchema);
export type MatchesPage = z.infer<typeof matchesPageSchema>;

/** POST /api/matches (201), the confirm / approve answers: the match and what happened. */
export const matchResultSchema = messageResponseSchema.extend({
  match: matchViewSchema,
});
export type ReportMatchResult = z.infer<typeof matchResultSchema>;
export type ConfirmMatchResult = z.infer<typeof matchResultSchema>;

/** The dispute answers (by the match's id or by the emailed token). */
export const disputeMatchResultSchema = matchResultSchema.extend({
  disputeId: z.int(),
});
export type DisputeMatchResult = z.infer<typeof disputeMatchResultSchema>;

/** POST /api/matches/{id}/withdraw: the reporting team took its pending result back; the challenge is accepted again. */
export const withdrawMatchResultSchema = messageResponseSchema.extend({
  challengeId: z.int().nullable(),
});
export type WithdrawMatchResult = z.infer<typeof withdrawMatchResultSchema>;

export const surfaceStatsSchema = z.object({
  wins: z.int(),
  losses: z.int(),
  rating: z.int(),
  winPercent: z.int(),
});
export type SurfaceStats = z.infer<typeof surfaceStatsSchema>;

/** GET /api/matches/stats: the signed-in user's team (docs/product.md, "History and statistics"). */
export const teamStatsSchema = z.object({
  teamId: z.int(),
  teamName: z.string(),
  overall: surfaceStatsSchema.extend({ rank: z.int().nullable() }),
  surfaces: z.record(z.enum(SURFACES), surfaceStatsSchema),
});
export type TeamStats = z.infer<typeof teamStatsSchema>;

/** GET /api/disputes/pending rows: the dispute with its match view (both teams included). */
export const disputeViewSchema = z.object({
  id: z.int(),
  matchId: z.int(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  description: z.string(),
  reporter: namedRefSchema.nullable(),
  reporterTeamId: z.int().nullable(),
  resolutionNotes: z.string().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  match: matchViewSchema,
});
export type DisputeView = z.infer<typeof disputeViewSchema>;

export const disputesPageSchema = pageSchemaOf(disputeViewSchema);

/** PATCH /api/disputes/{id}. */
export const resolveDisputeResultSchema = messageResponseSchema.extend({
  dispute: disputeViewSchema,
});
export type ResolveDisputeResult = z.infer<typeof resolveDisputeResultSchema>;
