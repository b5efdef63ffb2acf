// GET /api/matches?limit=10: the latest matches (results module).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Page } from "@shared/paging";
import type { MatchView } from "@shared/types/matches";
import { ADMIN_RECENT_MATCHES_LIMIT } from "@shared/constants";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const recentMatchesQueryOptions = queryOptions({
  queryKey: adminKeys.recentMatches(),
  queryFn: () => api.get<Page<MatchView>>(`/api/matches?limit=${ADMIN_RECENT_MATCHES_LIMIT}`),
});

export function useRecentMatches() {
  return useQuery(recentMatchesQueryOptions);
}
