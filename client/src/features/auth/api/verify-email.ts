import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { VerifyEmailResponse } from "@shared/types/accounts";
import { api } from "@/lib/api-client";
import { userQueryOptions } from "@/lib/auth";

export const verifyEmail = (token: string) =>
  api.post<VerifyEmailResponse>(`/api/verify-email/${encodeURIComponent(token)}`);

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
