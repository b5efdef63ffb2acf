// GET /api/waiting: what waits for the member (incoming challenges, results to approve; for admins,
// registrations and disputes), the counts of the menu. Refreshed with every ["notifications"] key:
// after each change the member makes (app/provider.tsx) and when live updates arrive.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WaitingWork } from "@shared/types/notifications";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./keys";

export const waitingWorkQueryOptions = queryOptions({
  queryKey: notificationKeys.waiting(),
  queryFn: () => api.get<WaitingWork>("/api/waiting"),
});

export function useWaitingWork(enabled = true) {
  return useQuery({ ...waitingWorkQueryOptions, enabled });
}
