// GET /api/challenges/incoming: the team's open challenges, or the finished ones (the Past filter), newest first, paged.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChallengesPage } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys, type ChallengeFilter } from "./keys";

export const INCOMING_PAGE_SIZE = 20;

export const getIncomingChallenges = (page: number, filter: ChallengeFilter = "open") =>
  api.get<ChallengesPage>(`/api/challenges/incoming?page=${page}&limit=${INCOMING_PAGE_SIZE}&status=${filter}`);

export const incomingChallengesQueryOptions = (page: number, filter: ChallengeFilter = "open") =>
  queryOptions({ queryKey: challengeKeys.incoming(page, filter), queryFn: () => getIncomingChallenges(page, filter) });

export function useIncomingChallenges(page: number, filter: ChallengeFilter = "open") {
  return useQuery(incomingChallengesQueryOptions(page, filter));
}
