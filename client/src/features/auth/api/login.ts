import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@shared/api";
import type { LoginInput } from "@shared/validators/auth";
import { api } from "@/lib/api-client";
import { userQueryOptions } from "@/lib/auth";

export const login = (input: LoginInput) => api.post<CurrentUser>("/api/login", input);

/** Signs in; the signed-in user goes straight into the user query (the /auth route then sends them to /). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions.queryKey, user);
    },
  });
}
