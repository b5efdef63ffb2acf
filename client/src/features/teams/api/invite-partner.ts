// POST /api/teams/{id}/partner {partnerName, partnerEmail}: a captain whose partner left invites a new one.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { MessageResponse } from "@shared/types/accounts";
import type { InvitePartnerInput } from "@shared/validators/auth";
import { api } from "@/lib/api-client";
import { invalidateAfterTeamChange } from "./team-changed";

export function useInvitePartner(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitePartnerInput) => api.post<MessageResponse>(`/api/teams/${teamId}/partner`, body),
    onSettled: () => invalidateAfterTeamChange(queryClient),
  });
}
