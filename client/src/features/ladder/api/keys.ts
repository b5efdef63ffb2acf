// Query keys of the ladder feature (the ladder tables, the home page's header image, whether the
// ladder is readable signed out). Every key
// starts with ["ladder"], so ladderKeys.all refreshes all of them.
import type { CompetitionType, Surface } from "@shared/constants";

export interface TeamsFilter {
  competitionType?: CompetitionType | undefined;
  surface?: Surface | undefined;
  page?: number;
  limit?: number;
}

export const ladderKeys = {
  all: ["ladder"] as const,
  teams: (filter: TeamsFilter) => ["ladder", "teams", filter] as const,
  headerImage: () => ["ladder", "header-image"] as const,
  publicLadder: () => ["ladder", "public-ladder"] as const,
};
