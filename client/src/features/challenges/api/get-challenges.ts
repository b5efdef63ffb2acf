// GET /api/challenges/incoming and /api/challenges/outgoing: the team's open challenges, or the
// finished ones (the Past filter), newest first, paged. One query for both directions.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChallengesPage } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys, type ChallengeFilter } from "./keys";

export const CHALLENGES_PAGE_SIZE = 20;

/** Challenges the team received (incoming) or sent (outgoing). */
export type ChallengeDirection = "incoming" | "outgoing";

export const challengesQueryOptions = (direction: ChallengeDirection, page: number, filter: ChallengeFilter = "open") =>
  queryOptions({
    queryKey: challengeKeys[direction](page, filter),
    queryFn: () => api.get<ChallengesPage>(`/api/challenges/${direction}?page=${page}&limit=${CHALLENGES_PAGE_SIZE}&status=${filter}`),
  });

export function useIncomingChallenges(page: number, filter: ChallengeFilter = "open") {
  return useQuery(challengesQueryOptions("incoming", page, filter));
}

export function useOutgoingChallenges(page: number, filter: ChallengeFilter = "open") {
  return useQuery(challengesQueryOptions("outgoing", page, filter));
}
