import { QueryClient } from "@tanstack/react-query";

/** SPEC §9: no automatic retry, no refetch on window focus, no polling, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const queryClient = createQueryClient();
