// GET /api/teams/{id}/head-to-head: W-L against each opponent.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HeadToHeadRow } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { teamKeys } from "./keys";

export const headToHeadQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: teamKeys.headToHead(teamId),
    queryFn: () => api.get<HeadToHeadRow[]>(`/api/teams/${teamId}/head-to-head`),
  });

export function useHeadToHead(teamId: number | null | undefined) {
  return useQuery({ ...headToHeadQueryOptions(teamId ?? 0), enabled: Boolean(teamId) });
}
