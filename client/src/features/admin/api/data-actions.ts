// DELETE /api/admin/purge-confirmed-matches and POST /api/admin/reset-data; the two export URLs.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { PurgeResponse, ResetDataResponse } from "@shared/types/admin";
import { api } from "@/lib/api-client";

export const EXPORT_USERS_URL = "/api/admin/export-users";
export const EXPORT_BACKUP_URL = "/api/admin/export-full-backup";

export function usePurgeConfirmedMatches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<PurgeResponse>("/api/admin/purge-confirmed-matches"),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useResetData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ResetDataResponse>("/api/admin/reset-data"),
    // Everything the app shows has changed.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
