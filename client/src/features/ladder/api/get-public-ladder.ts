// GET /api/settings/public-ladder: { enabled } — whether /ladder is readable signed out.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicLadder } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { ladderKeys } from "./keys";

export const publicLadderQueryOptions = queryOptions({
  queryKey: ladderKeys.publicLadder(),
  queryFn: () => api.get<PublicLadder>("/api/settings/public-ladder"),
});

export function usePublicLadder() {
  return useQuery(publicLadderQueryOptions);
}
