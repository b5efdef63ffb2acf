import { useMutation } from "@/lib/mutation";
import type { AcceptInviteInput } from "@shared/validators/auth";
import type { AcceptInviteResponse } from "@shared/types/accounts";
import { api } from "@/lib/api-client";

export const acceptInvite = ({ token, ...body }: AcceptInviteInput & { token: string }) =>
  api.post<AcceptInviteResponse>(`/api/accept-invite/${encodeURIComponent(token)}`, body);

export const useAcceptInvite = () => useMutation({ mutationFn: acceptInvite });
