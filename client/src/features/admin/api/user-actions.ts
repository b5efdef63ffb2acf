// POST /api/admin/users/{id}/suspend {reason}, POST .../unsuspend, POST .../resend-invite, DELETE /api/admin/users/{id}.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { AdminUserActionResult } from "@shared/types/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

function useAdminMutation<V>(fn: (vars: V) => Promise<AdminUserActionResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}

export function useSuspendUser() {
  return useAdminMutation(({ userId, reason }: { userId: number; reason: string }) =>
    api.post<AdminUserActionResult>(`/api/admin/users/${userId}/suspend`, { reason }),
  );
}

export function useUnsuspendUser() {
  return useAdminMutation((userId: number) => api.post<AdminUserActionResult>(`/api/admin/users/${userId}/unsuspend`));
}

/** POST /api/admin/users/{id}/resend-invite: a new invitation link for a partner without a login. */
export function useResendInvite() {
  return useAdminMutation((userId: number) => api.post<AdminUserActionResult>(`/api/admin/users/${userId}/resend-invite`));
}

export function useDeleteUser() {
  return useAdminMutation((userId: number) => api.delete<AdminUserActionResult>(`/api/admin/users/${userId}`));
}
