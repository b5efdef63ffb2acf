// GET /api/disputes/pending: disputes awaiting an admin, with their matches (results module).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Page } from "@shared/paging";
import type { DisputeView } from "@shared/types/matches";
import { MATCH_LIST_MAX_LIMIT } from "@shared/constants";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const pendingDisputesQueryOptions = queryOptions({
  queryKey: adminKeys.pendingDisputes(),
  queryFn: () => api.get<Page<DisputeView>>(`/api/disputes/pending?limit=${MATCH_LIST_MAX_LIMIT}`),
});

export function usePendingDisputes() {
  return useQuery(pendingDisputesQueryOptions);
}
