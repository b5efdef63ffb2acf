// GET /api/challenges/outgoing: the team's open challenges (newest first, paged).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChallengesPage } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys } from "./keys";

export const OUTGOING_PAGE_SIZE = 20;

export const getOutgoingChallenges = (page: number) =>
  api.get<ChallengesPage>(`/api/challenges/outgoing?page=${page}&limit=${OUTGOING_PAGE_SIZE}`);

export const outgoingChallengesQueryOptions = (page: number) =>
  queryOptions({ queryKey: challengeKeys.outgoing(page), queryFn: () => getOutgoingChallenges(page) });

export function useOutgoingChallenges(page: number) {
  return useQuery(outgoingChallengesQueryOptions(page));
}
