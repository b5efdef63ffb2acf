// GET /api/teams/{id}/response-record: challenges answered in time / expired unanswered.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ResponseRecord } from "@shared/types/clock";
import { api } from "@/lib/api-client";
import { teamKeys } from "./keys";

export const responseRecordQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: teamKeys.responseRecord(teamId),
    queryFn: () => api.get<ResponseRecord>(`/api/teams/${teamId}/response-record`),
  });

export function useResponseRecord(teamId: number) {
  return useQuery(responseRecordQueryOptions(teamId));
}
