// GET /api/challenges/candidates: the /challenge-teams table.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CompetitionType, Surface } from "@shared/constants";
import type { ChallengeCandidatesPage } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys } from "./keys";

export const CANDIDATES_PAGE_SIZE = 50;

export function getCandidates(params: { surface: Surface | null; competitionType: CompetitionType | "all"; page: number }) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(CANDIDATES_PAGE_SIZE) });
  if (params.surface) search.set("surface", params.surface);
  if (params.competitionType !== "all") search.set("competitionType", params.competitionType);
  return api.get<ChallengeCandidatesPage>(`/api/challenges/candidates?${search.toString()}`);
}

export const candidatesQueryOptions = (params: { surface: Surface | null; competitionType: CompetitionType | "all"; page: number }) =>
  queryOptions({
    queryKey: challengeKeys.candidates(params),
    queryFn: () => getCandidates(params),
    placeholderData: keepPreviousData,
  });

export function useCandidates(params: { surface: Surface | null; competitionType: CompetitionType | "all"; page: number }) {
  return useQuery(candidatesQueryOptions(params));
}
