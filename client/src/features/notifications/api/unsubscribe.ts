// The one-click unsubscribe link, signed out: GET /api/unsubscribe/{token} (what it would turn off;
// reading changes nothing) and POST (turns that category off).
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { UnsubscribeView } from "@shared/types/notifications";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./keys";

const path = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

export const unsubscribeLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: notificationKeys.unsubscribe(token), queryFn: () => api.get<UnsubscribeView>(path(token)) });

export function useUnsubscribeLink(token: string) {
  return useQuery(unsubscribeLinkQueryOptions(token));
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnsubscribeView>(path(token), {}),
    onSuccess: (view) => queryClient.setQueryData(unsubscribeLinkQueryOptions(token).queryKey, view),
  });
}
