// Answer shapes of the teams, users, ladder and settings reads (server builds them, client reads
// them): zod schemas, the one definition of each, for the API reference
// (docs/decisions/033-api-reference-from-zod.md); the types are inferred from them.
import { z } from "zod";
import { COMPETITION_TYPES, PREFERRED_SURFACES, SURFACES, type CompetitionType, type Surface } from "../constants";
import { pageSchemaOf } from "../paging";
import { ratingStateSchema } from "../rating";
import { publicLadderSchema } from "../validators/teams";

export const teamMemberViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  avatar: z.string().nullable(),
  isCaptain: z.boolean(),
  isPartner: z.boolean(),
  isApproved: z.boolean(),
  isSuspended: z.boolean(),
  email: z.string().optional().describe("Only for admins and the team's own members; absent otherwise."),
});
export type TeamMemberView = z.infer<typeof teamMemberViewSchema>;

/**
 * A team as every read returns it: the teams row's public columns plus members and ranks. Ratings
 * and records (overall and per surface) come from RatingState.
 */
export const teamViewSchema = ratingStateSchema.extend({
  id: z.int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  isApproved: z.boolean(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  preferredCourtSurface: z.enum(PREFERRED_SURFACES),
  competitionType: z.enum(COMPETITION_TYPES),
  meanRating: z.int().describe('The card "team rating": mean of the three surface ratings, rounded.'),
  rank: z.int().nullable().describe("Position by overall rating among active approved teams; null shows as 'N/A' (or 'Inactive')."),
  surfaceRank: z
    .int()
    .nullable()
    .describe("With `?surface=`: the position on that surface's ladder (within the category filter); else null (also when inactive)."),
  inactive: z
    .boolean()
    .describe('No confirmed match for the inactivity threshold (docs/product.md, "Activity"): listed below the active teams, without a rank.'),
  awayUntil: z.iso.date().nullable().describe("The last day ('YYYY-MM-DD', club day) of the away range the team is on today; null when not away."),
  inProgress: z.boolean().describe("Any member not yet approved: the ladder's In Progress marker."),
  suspended: z.boolean().describe("Any member suspended: the team shows 'Suspended' and cannot challenge or be challenged."),
  members: z.array(teamMemberViewSchema),
  deletedAt: z.iso.datetime().nullable().describe("Soft-deleted teams are listed to admins only (includeDeleted=true)."),
  deletionReason: z.string().nullable().optional().describe("Only for admins."),
});
export type TeamView = z.infer<typeof teamViewSchema>;

export const teamsPageSchema = pageSchemaOf(teamViewSchema);
export type TeamsPage = z.infer<typeof teamsPageSchema>;

export interface TeamsQuery {
  competitionType?: CompetitionType;
  surface?: Surface;
  includeDeleted?: boolean;
  page?: number;
  limit?: number;
}

export const userPublicViewSchema = z.object({
  id: z.int(),
  name: z.string(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  joinedAt: z.iso.datetime(),
  teamId: z.int().nullable(),
  teamName: z.string().nullable(),
  isCaptain: z.boolean(),
  isPartner: z.boolean(),
  isApproved: z.boolean(),
  isSuspended: z.boolean(),
  isAdmin: z.boolean(),
  email: z.string().optional().describe("Only for admins and members of the user's own team."),
});
export type UserPublicView = z.infer<typeof userPublicViewSchema>;

export const usersPageSchema = pageSchemaOf(userPublicViewSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

/** DELETE /api/teams/{id}. */
export const deleteTeamResultSchema = z.object({
  teamName: z.string(),
  requiresLogin: z.boolean().describe("true: the caller's session ended with the team; the client goes to /auth."),
});
export type DeleteTeamResult = z.infer<typeof deleteTeamResultSchema>;

/** One approved match of a team, for the rating-history chart (surface ratings before/after). */
export const ratingHistoryPointSchema = z.object({
  matchId: z.int(),
  date: z.iso.datetime(),
  surface: z.enum(SURFACES),
  opponentId: z.int(),
  opponentName: z.string(),
  won: z.boolean(),
  prevRating: z.int().nullable(),
  newRating: z.int().nullable(),
  overallPrev: z.int().nullable(),
  overallNew: z.int().nullable(),
});
export type RatingHistoryPoint = z.infer<typeof ratingHistoryPointSchema>;

export const headToHeadRowSchema = z.object({
  opponentId: z.int(),
  opponentName: z.string(),
  opponentDeleted: z.boolean(),
  wins: z.int(),
  losses: z.int(),
  played: z.int(),
  lastPlayed: z.iso.datetime(),
});
export type HeadToHeadRow = z.infer<typeof headToHeadRowSchema>;

/** GET /api/settings/header-image (null: none set). The body that sets one: headerImageSchema (validators). */
export const headerImageAnswerSchema = z.object({
  url: z.string().nullable(),
});
export type HeaderImage = z.infer<typeof headerImageAnswerSchema>;

/**
 * GET /api/settings/public-ladder: whether the surface ladders are readable signed out; the same
 * shape as the admin's change (publicLadderSchema, shared/validators/teams.ts), which is its schema.
 */
export type PublicLadder = z.infer<typeof publicLadderSchema>;

/** GET /api/settings/club: what every screen may need to know about the club (public). */
export const clubInfoSchema = z.object({
  timeZone: z.string().describe("CLUB_TIMEZONE, an IANA name: the zone mails use; the app names it when the viewer's differs."),
});
export type ClubInfo = z.infer<typeof clubInfoSchema>;
