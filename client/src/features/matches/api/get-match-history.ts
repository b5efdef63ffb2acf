// GET /api/matches (All Matches) and GET /api/matches/user (My Matches): one page at a time.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Page } from "@shared/paging";
import type { MatchView } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { matchKeys, type HistoryScope } from "./keys";

export function getMatchHistory(params: { scope: HistoryScope; page: number; limit: number }): Promise<Page<MatchView>> {
  const path = params.scope === "mine" ? "/api/matches/user" : "/api/matches";
  return api.get<Page<MatchView>>(`${path}?page=${params.page}&limit=${params.limit}`);
}

export const matchHistoryQueryOptions = (params: { scope: HistoryScope; page: number; limit: number }) =>
  queryOptions({
    queryKey: matchKeys.history(params),
    queryFn: () => getMatchHistory(params),
    placeholderData: keepPreviousData,
  });

export function useMatchHistory(params: { scope: HistoryScope; page: number; limit: number }) {
  return useQuery(matchHistoryQueryOptions(params));
}
