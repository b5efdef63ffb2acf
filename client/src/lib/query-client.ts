import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { onApiError } from "./auth";

/**
 * docs/product.md, "Constants": no automatic retry, no refetch on window focus, no polling (one
 * exception: a running restore's progress, useOperationProgress), data never stale. A failed
 * call that shows the session has ended sends the member to the sign-in page (lib/auth onApiError).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (err) => onApiError(client, err) }),
    mutationCache: new MutationCache({ onError: (err) => onApiError(client, err) }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
