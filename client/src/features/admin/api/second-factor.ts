// The signed-in admin's two-step sign-in: GET /api/second-factor, POST .../enrol {code?},
// .../confirm {code} (answers the recovery codes, shown once), .../disable {code}.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { SecondFactorConfirmed, SecondFactorEnrolment, SecondFactorStatus } from "@shared/types/accounts";
import { api } from "@/lib/api-client";
import { userQueryOptions } from "@/lib/auth";
import { adminKeys } from "./keys";

export const secondFactorQueryOptions = queryOptions({
  queryKey: adminKeys.secondFactor(),
  queryFn: () => api.get<SecondFactorStatus>("/api/second-factor"),
});

export function useSecondFactorStatus() {
  return useQuery(secondFactorQueryOptions);
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: (code?: string) => api.post<SecondFactorEnrolment>("/api/second-factor/enrol", code ? { code } : {}) });
}

/**
 * Turning it on or off changes the session's standing (GET /api/user's secondFactor) and so what
 * the panel shows: the user and the whole panel are read again.
 */
export function useRefreshSecondFactorStanding() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
}

/** Only the card's status is read again here: the recovery codes are shown first, and the card
 * refreshes the standing (useRefreshSecondFactorStanding) when they are put away. */
export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<SecondFactorConfirmed>("/api/second-factor/confirm", { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.secondFactor() }),
  });
}

export function useDisableSecondFactor() {
  const refresh = useRefreshSecondFactorStanding();
  return useMutation({
    mutationFn: (code: string) => api.post<{ message: string }>("/api/second-factor/disable", { code }),
    onSuccess: refresh,
  });
}
