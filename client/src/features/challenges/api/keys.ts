// Query keys of this feature. Every key starts with its resource, so mutations invalidate a
// resource (['challenges'], ['matches']...) through these, never a retyped key.
import type { CompetitionType, Surface } from "@shared/constants";

export const challengeKeys = {
  all: ["challenges"] as const,
  incoming: (page: number) => ["challenges", "incoming", { page }] as const,
  outgoing: (page: number) => ["challenges", "outgoing", { page }] as const,
  candidates: (params: { surface: Surface | null; competitionType: CompetitionType | "all"; page: number }) =>
    ["challenges", "candidates", params] as const,
};

export const matchKeys = {
  all: ["matches"] as const,
  awaitingApproval: ["matches", "awaiting-approval"] as const,
};

/** Resources a confirmed result changes besides challenges and matches. */
export const ratingResourceKeys = [["teams"], ["ladder"]] as const;
