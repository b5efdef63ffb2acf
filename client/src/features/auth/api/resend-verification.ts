import { useMutation } from "@/lib/mutation";
import type { MessageResponse } from "@shared/types/accounts";
import { api } from "@/lib/api-client";

/** Signed in and unverified: no email needed; otherwise by email. Same answer either way. */
export const resendVerification = (body: { email?: string }) =>
  api.post<MessageResponse>("/api/resend-verification", body);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
