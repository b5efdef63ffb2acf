import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InviteView } from "@shared/types/accounts";
import { api } from "@/lib/api-client";
import { authKeys } from "./keys";

export const getInvite = (token: string) => api.get<InviteView>(`/api/invite/${encodeURIComponent(token)}`);

export const inviteQueryOptions = (token: string) =>
  queryOptions({ queryKey: authKeys.invite(token), queryFn: () => getInvite(token) });

export const useInvite = (token: string) => useQuery({ ...inviteQueryOptions(token), gcTime: 0 });
