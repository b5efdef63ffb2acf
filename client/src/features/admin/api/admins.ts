// GET /api/admin/admins, POST /api/admin/users/{id}/promote and .../demote: who the admins are, and
// making or unmaking one (the server never removes the last).
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { AdminAccount, AdminUserActionResult } from "@shared/types/admin";
import { api } from "@/lib/api-client";
import { userQueryOptions } from "@/lib/auth";
import { adminKeys } from "./keys";

export const adminsQueryOptions = queryOptions({
  queryKey: adminKeys.admins(),
  queryFn: () => api.get<AdminAccount[]>("/api/admin/admins"),
});

export function useAdmins() {
  return useQuery(adminsQueryOptions);
}

function useAdminRoleMutation(action: "promote" | "demote") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<AdminUserActionResult>(`/api/admin/users/${userId}/${action}`),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // Stepping down changes what the signed-in user may see.
      await queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}

export const usePromoteUser = () => useAdminRoleMutation("promote");
export const useDemoteAdmin = () => useAdminRoleMutation("demote");
