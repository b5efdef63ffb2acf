// GET /api/admin/stats: the three stat cards.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminStats } from "@shared/types/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const adminStatsQueryOptions = queryOptions({
  queryKey: adminKeys.stats(),
  queryFn: () => api.get<AdminStats>("/api/admin/stats"),
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
