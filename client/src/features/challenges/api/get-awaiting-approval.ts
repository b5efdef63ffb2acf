// GET /api/matches/awaiting-approval: matches reported by the other team, waiting for ours.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Page } from "@shared/paging";
import type { MatchView } from "@shared/types/matches";
import { MATCH_LIST_MAX_LIMIT } from "@shared/constants";
import { api } from "@/lib/api-client";
import { challengeKeys } from "./keys";

export const getAwaitingApproval = () =>
  api.get<Page<MatchView>>(`/api/matches/awaiting-approval?limit=${MATCH_LIST_MAX_LIMIT}`);

export const awaitingApprovalQueryOptions = queryOptions({
  queryKey: challengeKeys.awaitingApproval(),
  queryFn: getAwaitingApproval,
});

export function useAwaitingApproval() {
  return useQuery(awaitingApprovalQueryOptions);
}
