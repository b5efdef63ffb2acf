// Response shapes of the teams, users, ladder and settings reads (server builds them, client reads them).
import { z } from "zod";
import type { CompetitionType, PreferredSurface, Surface } from "../constants";
import type { Page } from "../paging";
import type { RatingState } from "../rating";

export interface TeamMemberView {
  id: number;
  name: string;
  avatar: string | null;
  isCaptain: boolean;
  isPartner: boolean;
  isApproved: boolean;
  isSuspended: boolean;
  /** Only for admins and the team's own members; absent otherwise. */
  email?: string;
}

/** A team as every read returns it: the teams row's public columns plus members and ranks. */
/** Ratings and records (overall and per surface) come from RatingState. */
export interface TeamView extends RatingState {
  id: number;
  name: string;
  createdAt: string;
  isApproved: boolean;
  avatar: string | null;
  bio: string | null;
  location: string | null;
  preferredCourtSurface: PreferredSurface;
  competitionType: CompetitionType;
  /** The card "team rating": mean of the three surface ratings, rounded. */
  meanRating: number;
  /** Position by overall rating among active approved teams; null shows as 'N/A' (or 'Inactive'). */
  rank: number | null;
  /** With `?surface=`: the position on that surface's ladder (within the category filter); else null (also when inactive). */
  surfaceRank: number | null;
  /** No confirmed match for the inactivity threshold (docs/product.md, "Activity"): listed below the active teams, without a rank. */
  inactive: boolean;
  /** The last day ('YYYY-MM-DD', club day) of the away range the team is on today; null when not away. */
  awayUntil: string | null;
  /** Any member not yet approved: the ladder's In Progress marker. */
  inProgress: boolean;
  /** Any member suspended: the team shows 'Suspended' and cannot challenge or be challenged. */
  suspended: boolean;
  members: TeamMemberView[];
  /** Soft-deleted teams are listed to admins only (includeDeleted=true). */
  deletedAt: string | null;
  /** Only for admins. */
  deletionReason?: string | null;
}

export type TeamsPage = Page<TeamView>;

export interface TeamsQuery {
  competitionType?: CompetitionType;
  surface?: Surface;
  includeDeleted?: boolean;
  page?: number;
  limit?: number;
}

export interface UserPublicView {
  id: number;
  name: string;
  avatar: string | null;
  bio: string | null;
  location: string | null;
  joinedAt: string;
  teamId: number | null;
  teamName: string | null;
  isCaptain: boolean;
  isPartner: boolean;
  isApproved: boolean;
  isSuspended: boolean;
  isAdmin: boolean;
  /** Only for admins and members of the user's own team. */
  email?: string;
}

export type UsersPage = Page<UserPublicView>;

export interface DeleteTeamResult {
  teamName: string;
  /** true: the caller's session ended with the team; the client goes to /auth. */
  requiresLogin: boolean;
}

/** One approved match of a team, for the rating-history chart (surface ratings before/after). */
export interface RatingHistoryPoint {
  matchId: number;
  date: string;
  surface: Surface;
  opponentId: number;
  opponentName: string;
  won: boolean;
  prevRating: number | null;
  newRating: number | null;
  overallPrev: number | null;
  overallNew: number | null;
}

export interface HeadToHeadRow {
  opponentId: number;
  opponentName: string;
  opponentDeleted: boolean;
  wins: number;
  losses: number;
  played: number;
  lastPlayed: string;
}

export interface HeaderImage {
  url: string | null;
}

/** GET /api/settings/public-ladder: whether the surface ladders are readable signed out. */
export interface PublicLadder {
  enabled: boolean;
}

/** GET /api/settings/club: what every screen may need to know about the club (public). */
/** GET /api/settings/club. */
export const clubInfoSchema = z.object({
  timeZone: z.string().describe("CLUB_TIMEZONE, an IANA name: the zone mails use; the app names it when the viewer's differs."),
});
export type ClubInfo = z.infer<typeof clubInfoSchema>;
