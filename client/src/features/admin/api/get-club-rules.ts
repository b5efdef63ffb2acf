// GET /api/settings/club-rules: the club rules in force (docs/product.md, "Club rules").
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClubRules } from "@shared/types/clock";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const clubRulesQueryOptions = queryOptions({
  queryKey: adminKeys.clubRules(),
  queryFn: () => api.get<ClubRules>("/api/settings/club-rules"),
});

export function useClubRules() {
  return useQuery(clubRulesQueryOptions);
}
