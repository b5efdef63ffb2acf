// POST /api/login/second-factor {code}: the code step after the password (a TOTP or recovery code).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { CurrentUser } from "@shared/api";
import { api } from "@/lib/api-client";
import { userQueryOptions } from "@/lib/auth";

export const loginSecondFactor = (code: string) => api.post<CurrentUser>("/api/login/second-factor", { code });

export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginSecondFactor,
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions.queryKey, user),
  });
}
