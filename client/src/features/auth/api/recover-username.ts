import { useMutation } from "@/lib/mutation";
import type { MessageResponse } from "@shared/types/accounts";
import { api } from "@/lib/api-client";

export const recoverUsername = (body: { email: string }) => api.post<MessageResponse>("/api/recover-username", body);

export const useRecoverUsername = () => useMutation({ mutationFn: recoverUsername });
