// GET /api/admin/pending-users: registrations awaiting approval (accounts module).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Page } from "@shared/api";
import type { PendingUser } from "@shared/types/accounts";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const PENDING_USERS_PAGE_SIZE = 50;

export const pendingUsersQueryOptions = queryOptions({
  queryKey: adminKeys.pendingUsers(),
  queryFn: () => api.get<Page<PendingUser>>(`/api/admin/pending-users?pageSize=${PENDING_USERS_PAGE_SIZE}`),
});

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions);
}
