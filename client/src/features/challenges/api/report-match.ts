// POST /api/matches: a captain reports the result of an accepted challenge.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ReportMatchResult } from "@shared/types/matches";
import type { ReportMatchBody } from "@shared/validators/matches";
import { api } from "@/lib/api-client";
import { invalidateAfterResult } from "@/features/matches/api/result-changed";

export const reportMatch = (body: ReportMatchBody) => api.post<ReportMatchResult>("/api/matches", body);

export function useReportMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportMatch,
    onSettled: () => invalidateAfterResult(queryClient),
  });
}
