// GET /api/teams/{id}/rating-history: the team's approved matches (newest 200, oldest first) with
// the stored surface ratings before and after each.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RatingHistoryPoint } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { teamKeys } from "./keys";

export const ratingHistoryQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: teamKeys.ratingHistory(teamId),
    queryFn: () => api.get<RatingHistoryPoint[]>(`/api/teams/${teamId}/rating-history`),
  });

export function useRatingHistory(teamId: number | null | undefined) {
  return useQuery({ ...ratingHistoryQueryOptions(teamId ?? 0), enabled: Boolean(teamId) });
}
