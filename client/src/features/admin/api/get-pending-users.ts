// GET /api/admin/pending-users: registrations awaiting approval (accounts module).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Page } from "@shared/paging";
import type { PendingUser } from "@shared/types/accounts";
import { PENDING_USERS_PAGE_SIZE } from "@shared/validators/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const pendingUsersQueryOptions = queryOptions({
  queryKey: adminKeys.pendingUsers(),
  queryFn: () => api.get<Page<PendingUser>>(`/api/admin/pending-users?limit=${PENDING_USERS_PAGE_SIZE}`),
});

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions);
}
