// GET and PUT /api/notifications/preferences: the member's email switches, one per category
// (docs/product.md, "Notification emails"). A switch changes at once (optimistically) and goes back
// if the server refuses.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { NotificationPreferences } from "@shared/types/notifications";
import type { NotificationPreferencesInput } from "@shared/validators/notifications";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./keys";

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.preferences(),
  queryFn: () => api.get<NotificationPreferences>("/api/notifications/preferences"),
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = notificationPreferencesQueryOptions.queryKey;
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => api.put<NotificationPreferences>("/api/notifications/preferences", input),
    onMutate: async (input) => {
      // Every reader of the settings sees the change at once (the switch itself shows it from the
      // click's own render: useAskedSwitches); a refresh in flight (a live update refetches the
      // settings) is stopped without putting its old state back over this one.
      const before = queryClient.getQueryData(key);
      const stopped = queryClient.cancelQueries({ queryKey: key }, { revert: false });
      if (before) {
        const email = { ...before.email };
        for (const [category, on] of Object.entries(input.email) as [keyof typeof email, boolean | undefined][]) if (on !== undefined) email[category] = on;
        queryClient.setQueryData(key, { ...before, email });
      }
      await stopped;
      return { before };
    },
    onError: (_err, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
