// POST /api/admin/import-backup?mode=merge|overwrite with the backup file itself as the body. Sent with XMLHttpRequest (not fetch) so the
// panel can show upload progress for a large file; failures become the same ApiError as api-client's.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { CurrentOperation, ImportBackupResponse, ImportMode } from "@shared/types/admin";
import { api, ApiError, toApiError } from "@/lib/api-client";
import { adminKeys } from "./keys";

export interface ImportProgress {
  /** uploading: bytes sent so far; restoring: the server is applying the file. */
  phase: "uploading" | "restoring";
  /** 0..1 while uploading; undefined when unknown. */
  fraction?: number;
}

export function postBackup(
  body: { file: Blob; importMode: ImportMode },
  onProgress: (p: ImportProgress) => void,
): Promise<ImportBackupResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/import-backup?mode=${encodeURIComponent(body.importMode)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => onProgress({ phase: "uploading", fraction: e.lengthComputable ? e.loaded / e.total : undefined });
    xhr.upload.onload = () => onProgress({ phase: "restoring" });
    xhr.onerror = () => reject(new ApiError(0, "Network error: the server could not be reached. Please try again."));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportBackupResponse);
        } catch {
          reject(new ApiError(xhr.status, `HTTP ${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        }
      } else {
        void toApiError(response).then(reject, reject);
      }
    };
    xhr.send(body.file);
  });
}

export function useImportBackup(onProgress: (p: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { file: Blob; importMode: ImportMode }) => postBackup(body, onProgress),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/**
 * GET /api/admin/operations/current, polled every second while `polling` (a restore is running on
 * the server): its phase and how far it is. Not polled otherwise (the app never polls by default).
 */
export function useOperationProgress(polling: boolean) {
  return useQuery({
    queryKey: adminKeys.operation(),
    queryFn: () => api.get<CurrentOperation>("/api/admin/operations/current"),
    enabled: polling,
    refetchInterval: polling ? 1000 : false,
    select: (r) => (r.operation?.status === "running" ? r.operation : null),
  });
}
