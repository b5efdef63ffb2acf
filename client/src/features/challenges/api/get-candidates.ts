// GET /api/challenges/candidates: the /challenge-teams table.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ChallengeCandidatesPage } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys, type CandidatesParams } from "./keys";

export const CANDIDATES_PAGE_SIZE = 50;

export function getCandidates(params: CandidatesParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(CANDIDATES_PAGE_SIZE) });
  if (params.surface) search.set("surface", params.surface);
  if (params.competitionType !== "all") search.set("competitionType", params.competitionType);
  return api.get<ChallengeCandidatesPage>(`/api/challenges/candidates?${search.toString()}`);
}

export const candidatesQueryOptions = (params: CandidatesParams) =>
  queryOptions({
    queryKey: challengeKeys.candidates(params),
    queryFn: () => getCandidates(params),
    placeholderData: keepPreviousData,
  });

export function useCandidates(params: CandidatesParams) {
  return useQuery(candidatesQueryOptions(params));
}
