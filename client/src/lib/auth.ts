// The signed-in user (SPEC §7: GET /api/user, 401 → null) and logout.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { CurrentUser } from "@shared/api";
import { api, ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/components/ui/toast";

export const userQueryKey = ["user"] as const;

export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>("/api/user");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: getCurrentUser,
});

/** After a sign-out (or the end of the session with the team): drop everything cached, user = null. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(userQueryKey, null);
}

/** `data` is the user, `null` when signed out, `undefined` while loading. */
export function useUser() {
  return useQuery(userQueryOptions);
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>("/api/logout"),
    onSuccess: () => {
      forgetSignedInUser(queryClient);
      navigate("/auth", { replace: true });
      toast({ title: "Logged out", description: "You have been successfully logged out" });
    },
    onError: (err) => {
      toast({ variant: "destructive", title: "Logout failed", description: errorMessage(err) });
    },
  });
}
