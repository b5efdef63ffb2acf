// GET /api/challenges/outgoing: the team's open challenges, or the finished ones (the Past filter), newest first, paged.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChallengesPage } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys, type ChallengeFilter } from "./keys";

export const OUTGOING_PAGE_SIZE = 20;

export const getOutgoingChallenges = (page: number, filter: ChallengeFilter = "open") =>
  api.get<ChallengesPage>(`/api/challenges/outgoing?page=${page}&limit=${OUTGOING_PAGE_SIZE}&status=${filter}`);

export const outgoingChallengesQueryOptions = (page: number, filter: ChallengeFilter = "open") =>
  queryOptions({ queryKey: challengeKeys.outgoing(page, filter), queryFn: () => getOutgoingChallenges(page, filter) });

export function useOutgoingChallenges(page: number, filter: ChallengeFilter = "open") {
  return useQuery(outgoingChallengesQueryOptions(page, filter));
}
