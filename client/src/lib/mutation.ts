// The one useMutation of the app (docs/architecture.md, "Client"). It differs from TanStack Query's
// in one way: what a mutation hook does once the mutation has ended — refreshing the lists it
// changed — is started, not awaited. Awaited, the mutation would end only after those lists were
// read again; an item of such a list (a result to approve, a challenge to accept, a member to
// approve) is gone from it by then, its component unmounted, and TanStack Query drops the callbacks
// that component gave to mutate(): the member clicks Approve and sees no "Match Approved".
import { useMutation as useQueryMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from "@tanstack/react-query";

/** Runs a hook-level callback without making the mutation wait for what it returns. */
function started<A extends unknown[]>(fn: ((...args: A) => unknown) | undefined): ((...args: A) => void) | undefined {
  if (!fn) return undefined;
  return (...args: A) => {
    // A refresh that fails is reported by the query cache's own error handling (lib/query-client).
    void Promise.resolve(fn(...args)).catch(() => undefined);
  };
}

export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const { onSuccess, onSettled } = options;
  return useQueryMutation({
    ...options,
    ...(onSuccess ? { onSuccess: started(onSuccess) } : {}),
    ...(onSettled ? { onSettled: started(onSettled) } : {}),
  });
}
