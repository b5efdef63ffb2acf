// DELETE /api/settings/club-breaks/{id} (admins): only a break that has not started.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import { api } from "@/lib/api-client";
import { clubBreakBannerQueryOptions } from "@/features/club/api/get-club-break";
import { adminKeys } from "./keys";

export function useRemoveClubBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ removed: true }>(`/api/settings/club-breaks/${id}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.clubBreaksAll() }),
        queryClient.invalidateQueries({ queryKey: clubBreakBannerQueryOptions.queryKey }),
      ]),
  });
}
