// GET /api/admin/mail-delivery and POST /api/admin/mail-delivery/retry: the outbox's counts, the mails
// it gave up on, and putting them back in the queue (docs/decisions/024-outbox-and-notifications.md).
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { MailDeliveryStatus, MailRetryResult } from "@shared/types/admin";
import type { MailRetryInput } from "@shared/validators/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export const mailDeliveryQueryOptions = queryOptions({
  queryKey: adminKeys.mailDelivery(),
  queryFn: () => api.get<MailDeliveryStatus>("/api/admin/mail-delivery"),
});

export function useMailDelivery() {
  return useQuery(mailDeliveryQueryOptions);
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MailRetryInput) => api.post<MailRetryResult>("/api/admin/mail-delivery/retry", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mailDelivery() }),
  });
}
