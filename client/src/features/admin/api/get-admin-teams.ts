// GET /api/admin/teams?search=&page=: Manage Teams (deleted teams included, members with moderation fields).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminTeamsPage } from "@shared/types/admin";
import { ADMIN_TEAMS_PAGE_SIZE } from "@shared/validators/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export function adminTeamsQueryOptions(search: string, page: number) {
  const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_TEAMS_PAGE_SIZE) });
  if (search) params.set("search", search);
  return queryOptions({
    queryKey: adminKeys.teams({ search, page }),
    queryFn: () => api.get<AdminTeamsPage>(`/api/admin/teams?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTeams(search: string, page: number) {
  return useQuery(adminTeamsQueryOptions(search, page));
}
