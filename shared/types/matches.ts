// Response shapes of the results endpoints (matches, disputes, history statistics).
// Dates are ISO strings (JSON).
import type {
  ConfirmationStatus,
  DisputeOutcome,
  DisputeStatus,
  MatchStatus,
  MatchType,
  Surface,
} from "../constants";
import type { SetScore } from "../validators/matches";

export interface MatchMember {
  id: number;
  name: string;
  isCaptain: boolean;
}

export interface MatchTeam {
  id: number;
  name: string;
  /** Members' names only: the token pages are public. */
  members: MatchMember[];
}

/** One match as every screen shows it (history, approval card, token pages, admin lists). */
export interface MatchView {
  id: number;
  challengeId: number | null;
  matchDate: string;
  createdAt: string;
  location: string;
  surface: Surface;
  /** The stored JSON text, as the API received it. */
  score: string | null;
  /** The score parsed into [team1, team2] pairs; null when absent or unreadable. */
  sets: SetScore[] | null;
  notes: string | null;
  matchType: MatchType;
  matchStatus: MatchStatus;
  confirmationStatus: ConfirmationStatus;
  approvalDeadline: string | null;
  approvedAt: string | null;
  team1: MatchTeam;
  team2: MatchTeam;
  winnerTeamId: number;
  winnerTeamName: string;
  reporter: { id: number; name: string } | null;
  reportedByTeamId: number | null;
  /** Surface ratings (team1/2) and overall ratings (player1/2) before and after; null until approved. */
  ratings: {
    team1Prev: number | null;
    team1New: number | null;
    team2Prev: number | null;
    team2New: number | null;
    team1OverallPrev: number | null;
    team1OverallNew: number | null;
    team2OverallPrev: number | null;
    team2OverallNew: number | null;
  };
}

/** POST /api/matches answer. */
export interface ReportMatchResult {
  match: MatchView;
}

/** Confirm / approve / dispute answers. */
export interface ConfirmMatchResult {
  match: MatchView;
  message: string;
}

export interface DisputeMatchResult {
  match: MatchView;
  disputeId: number;
  message: string;
}

export interface SurfaceStats {
  wins: number;
  losses: number;
  rating: number;
  winPercent: number;
}

/** GET /api/matches/stats: the signed-in user's team (docs/product.md, "History and statistics"). */
export interface TeamStats {
  teamId: number;
  teamName: string;
  overall: SurfaceStats & { rank: number | null };
  surfaces: Record<Surface, SurfaceStats>;
}

/** GET /api/disputes/pending rows: the dispute with its match view (both teams included). */
export interface DisputeView {
  id: number;
  matchId: number;
  status: DisputeStatus;
  outcome: DisputeOutcome | null;
  description: string;
  reporter: { id: number; name: string } | null;
  reporterTeamId: number | null;
  resolutionNotes: string | null;
  resolvedAt: string | null;
  createdAt: string;
  match: MatchView;
}

export interface ResolveDisputeResult {
  dispute: DisputeView;
  message: string;
}
