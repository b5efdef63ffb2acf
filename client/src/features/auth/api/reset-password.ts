import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { MessageResponse, ResetTokenStatus } from "@shared/types/accounts";
import { api } from "@/lib/api-client";
import { authKeys } from "./keys";

const tokenPath = (token: string) => `/api/reset-password/${encodeURIComponent(token)}`;

/** Read-only check of a reset link (GET never uses the token). */
export const getResetTokenStatus = (token: string) => api.get<ResetTokenStatus>(tokenPath(token));

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: authKeys.resetToken(token), queryFn: () => getResetTokenStatus(token) });

export const useResetTokenStatus = (token: string) => useQuery({ ...resetTokenQueryOptions(token), gcTime: 0 });

export const resetPassword = ({ token, newPassword }: { token: string; newPassword: string }) =>
  api.post<MessageResponse>(tokenPath(token), { newPassword });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
