// The admin's seasons: GET /api/admin/seasons (every season, paged), POST /api/admin/seasons,
// PUT /api/admin/seasons/{id} (one not started yet), POST /api/admin/seasons/{id}/close. Each change
// refreshes every seasons read (the ladder's season name and the archive too).
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { SeasonView, SeasonsPage } from "@shared/types/seasons";
import type { SeasonInput } from "@shared/validators/seasons";
import { api } from "@/lib/api-client";
import { seasonKeys } from "./keys";

export const ADMIN_SEASONS_PAGE_SIZE = 10;

export const adminSeasonsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: seasonKeys.admin(page),
    queryFn: () => api.get<SeasonsPage>(`/api/admin/seasons?page=${page}&limit=${ADMIN_SEASONS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });

export function useAdminSeasons(page: number) {
  return useQuery(adminSeasonsQueryOptions(page));
}

export function useSaveSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SeasonInput }) =>
      id === null ? api.post<SeasonView>("/api/admin/seasons", input) : api.put<SeasonView>(`/api/admin/seasons/${id}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: seasonKeys.all }),
  });
}

export function useCloseSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<SeasonView>(`/api/admin/seasons/${id}/close`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: seasonKeys.all }),
  });
}
