// The one useMutation of the app (docs/architecture.md, "Client"). It differs from TanStack Query's
// in two ways, both so that what a member is told never depends on what else rendered meanwhile:
// - What a mutation hook does once the mutation has ended (refreshing the lists it changed) is
//   started, not awaited. Awaited, the mutation would end only after those lists were read again.
// - The callbacks a component gives to mutate() are always called, once per call. TanStack Query's
//   own mutate() drops them when the component has unmounted by then, or when mutate() was called
//   again: an item of a list (a result to approve, a challenge to accept, a member to approve)
//   leaves the list as soon as the list is read again (after a live update, or the other call of a
//   double click), and the member who clicked Approve saw no "Match Approved".
import { useCallback } from "react";
import { useMutation as useQueryMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from "@tanstack/react-query";

/** Runs a hook-level callback without making the mutation wait for what it returns. */
function started<A extends unknown[]>(fn: ((...args: A) => unknown) | undefined): ((...args: A) => void) | undefined {
  if (!fn) return undefined;
  return (...args: A) => {
    // A refresh that fails is reported by the query cache's own error handling (lib/query-client).
    void Promise.resolve(fn(...args)).catch(() => undefined);
  };
}

/** What a component may pass to mutate(): called for this call, whatever rendered meanwhile. */
export interface CallOptions<TData, TError, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: TError, variables: TVariables) => void;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => void;
}

/** TanStack Query's result (each of its states), with this mutate(). */
export type MutationResult<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown> =
  UseMutationResult<TData, TError, TVariables, TContext> extends infer R
    ? R extends unknown
      ? Omit<R, "mutate"> & { mutate: (variables: TVariables, options?: CallOptions<TData, TError, TVariables>) => void }
      : never
    : never;

export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): MutationResult<TData, TError, TVariables, TContext> {
  const { onSuccess, onSettled } = options;
  const result = useQueryMutation({
    ...options,
    ...(onSuccess ? { onSuccess: started(onSuccess) } : {}),
    ...(onSettled ? { onSettled: started(onSettled) } : {}),
  });
  const { mutateAsync } = result;
  const mutate = useCallback(
    (variables: TVariables, call?: CallOptions<TData, TError, TVariables>) => {
      mutateAsync(variables).then(
        (data) => {
          call?.onSuccess?.(data, variables);
          call?.onSettled?.(data, null, variables);
        },
        (error: TError) => {
          call?.onError?.(error, variables);
          call?.onSettled?.(undefined, error, variables);
        },
      );
    },
    [mutateAsync],
  );
  // TanStack Query answers a new object on every render too.
  return { ...result, mutate } as MutationResult<TData, TError, TVariables, TContext>;
}
