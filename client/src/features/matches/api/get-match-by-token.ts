// GET /api/matches/token/{token}: the match behind an emailed link (public, read-only).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MatchView } from "@shared/types/matches";
import { api } from "@/lib/api-client";
import { matchKeys } from "./keys";

export const matchByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: matchKeys.token(token),
    queryFn: () => api.get<MatchView>(`/api/matches/token/${encodeURIComponent(token)}`),
  });

export function useMatchByToken(token: string) {
  return useQuery(matchByTokenQueryOptions(token));
}
