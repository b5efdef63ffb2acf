// GET /api/matches/stats: the signed-in user's team statistics (null without a team).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamStats } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { matchKeys } from "./keys";

export const matchStatsQueryOptions = queryOptions({
  queryKey: matchKeys.stats(),
  queryFn: () => api.get<TeamStats | null>("/api/matches/stats").then((s) => s ?? null),
});

export function useMatchStats() {
  return useQuery(matchStatsQueryOptions);
}
