// GET /api/challenges/incoming: the team's open challenges (newest first, paged).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChallengesPage } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys } from "./keys";

export const INCOMING_PAGE_SIZE = 20;

export const getIncomingChallenges = (page: number) =>
  api.get<ChallengesPage>(`/api/challenges/incoming?page=${page}&limit=${INCOMING_PAGE_SIZE}`);

export const incomingChallengesQueryOptions = (page: number) =>
  queryOptions({ queryKey: challengeKeys.incoming(page), queryFn: () => getIncomingChallenges(page) });

export function useIncomingChallenges(page: number) {
  return useQuery(incomingChallengesQueryOptions(page));
}
