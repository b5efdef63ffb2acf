// GET /api/admin/backups (the scheduled backups in BACKUP_DIR), downloading one, and
// POST /api/admin/backups/{name}/restore?mode=merge|overwrite (the same restore as an upload).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ImportBackupResponse, ImportMode, ScheduledBackupsResponse } from "@shared/types/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const scheduledBackupUrl = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;

export function useScheduledBackups() {
  return useQuery({ queryKey: adminKeys.backups(), queryFn: () => api.get<ScheduledBackupsResponse>("/api/admin/backups") });
}

export function useRestoreScheduledBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (o: { name: string; importMode: ImportMode }) =>
      api.post<ImportBackupResponse>(`${scheduledBackupUrl(o.name)}/restore?mode=${o.importMode}`),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
