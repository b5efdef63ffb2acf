// POST /api/admin/approve-user/{id} (accounts module).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ApprovalResponse } from "@shared/types/accounts";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<ApprovalResponse>(`/api/admin/approve-user/${userId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
