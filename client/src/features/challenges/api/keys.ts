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

export const challengeKeys = {
  all: ["challenges"] as const,
  incoming: (page: number) => ["challenges", "incoming", { page }] as const,
  outgoing: (page: number) => ["challenges", "outgoing", { page }] as const,
  candidates: (params: CandidatesParams) => ["challenges", "candidates", params] as const,
  /** GET /api/matches/awaiting-approval: results the other team reported, waiting for ours. */
  awaitingApproval: () => ["challenges", "awaiting-approval"] as const,
};
