import { useMutation } from "@/lib/mutation";
import type { MessageResponse } from "@shared/types/accounts";
import { api } from "@/lib/api-client";

export const requestPasswordReset = (body: { username: string; email: string }) =>
  api.post<MessageResponse>("/api/reset-password", body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
