// Query keys of the seasons feature (the current season, the archive, the admin's list); every key
// starts with ["seasons"], so seasonKeys.all refreshes all of them.
import type { CompetitionType } from "@shared/constants";
import type { SeasonLadder } from "@shared/validators/seasons";

export interface StandingsFilter {
  seasonId: number;
  ladder: SeasonLadder;
  competitionType: CompetitionType | undefined;
  page: number;
}

export const seasonKeys = {
  all: ["seasons"] as const,
  current: () => ["seasons", "current"] as const,
  archive: (page: number) => ["seasons", "archive", { page }] as const,
  season: (id: number) => ["seasons", "season", id] as const,
  standings: (filter: StandingsFilter) => ["seasons", "standings", filter] as const,
  admin: (page: number) => ["seasons", "admin", { page }] as const,
};
