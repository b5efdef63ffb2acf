// POST /api/settings/club-rules (admins): all five rules.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ClubRules } from "@shared/types/clock";
import type { ClubRulesInput } from "@shared/validators/clock";
import { api } from "@/lib/api-client";
import { clubRulesQueryOptions } from "./get-club-rules";

export function useUpdateClubRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ClubRulesInput) => api.post<ClubRules>("/api/settings/club-rules", rules),
    onSuccess: (saved) => queryClient.setQueryData(clubRulesQueryOptions.queryKey, saved),
  });
}
