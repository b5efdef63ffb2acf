import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { CurrentUser } from "@shared/api";
import type { SecondFactorChallenge } from "@shared/types/accounts";
import type { LoginInput } from "@shared/validators/auth";
import { api } from "@/lib/api-client";
import { userQueryOptions } from "@/lib/auth";

/** The signed-in user, or (an account with two-step sign-in) the code step to take next. */
export type LoginResult = CurrentUser | SecondFactorChallenge;

export const needsSecondFactor = (result: LoginResult): result is SecondFactorChallenge => "secondFactorRequired" in result;

export const login = (input: LoginInput) => api.post<LoginResult>("/api/login", input);

/** Signs in; the signed-in user goes straight into the user query (the /auth route then sends them to /). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!needsSecondFactor(result)) queryClient.setQueryData(userQueryOptions.queryKey, result);
    },
  });
}
