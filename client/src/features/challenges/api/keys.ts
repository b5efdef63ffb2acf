// Query keys of the challenges feature (My Challenges, Challenge Teams). Every key starts with
// ["challenges"], so challengeKeys.all refreshes all of them; other features' keys come from their
// own keys.ts, and a reported, approved or disputed result refreshes through invalidateAfterResult
// (features/matches/api/result-changed.ts).
import type { CompetitionType, Surface } from "@shared/constants";

export interface CandidatesParams {
  surface: Surface | null;
  competitionType: CompetitionType | "all";
  page: number;
}

/** My Challenges' filter: the open challenges, or the finished ones (declined, canceled, expired, completed). */
export type ChallengeFilter = "open" | "past";

export const challengeKeys = {
  all: ["challenges"] as const,
  incoming: (page: number, filter: ChallengeFilter = "open") => ["challenges", "incoming", { page, filter }] as const,
  outgoing: (page: number, filter: ChallengeFilter = "open") => ["challenges", "outgoing", { page, filter }] as const,
  candidates: (params: CandidatesParams) => ["challenges", "candidates", params] as const,
  /** GET /api/matches/awaiting-approval: results the other team reported, waiting for ours. */
  awaitingApproval: () => ["challenges", "awaiting-approval"] as const,
};
