// POST /api/settings/club-breaks (admins) {name, from, to}: the banner and the list refresh.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ClubBreakView } from "@shared/types/clock";
import type { ClubBreakInput } from "@shared/validators/clock";
import { api } from "@/lib/api-client";
import { clubBreakBannerQueryOptions } from "@/features/club/api/get-club-break";
import { adminKeys } from "./keys";

export function useDeclareClubBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClubBreakInput) => api.post<ClubBreakView>("/api/settings/club-breaks", input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.clubBreaksAll() }),
        queryClient.invalidateQueries({ queryKey: clubBreakBannerQueryOptions.queryKey }),
      ]),
  });
}
