// POST /api/notifications/read: some ({ ids }) or all ({ all: true }) of the member's notifications.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { NotificationsReadResult } from "@shared/types/notifications";
import type { NotificationsReadInput } from "@shared/validators/notifications";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./keys";

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationsReadInput) => api.post<NotificationsReadResult>("/api/notifications/read", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
