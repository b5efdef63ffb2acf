// PATCH /api/challenges/{id} {status, note?, slotId?}: accept (one proposed time) or decline with an optional note (challenged captain), cancel (challenger's captain).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ChallengeRecord } from "@shared/types/challenges";
import type { ChallengeUpdateStatus } from "@shared/validators/challenges";
import { api, orAlreadyDone } from "@/lib/api-client";
import { challengeKeys } from "./keys";

export const updateChallenge = (vars: { id: number; status: ChallengeUpdateStatus; note?: string | null; slotId?: number }) =>
  // A repeated answer of the same captain (double click, second tab) is done, not failed.
  orAlreadyDone(
    api.patch<ChallengeRecord>(`/api/challenges/${vars.id}`, {
      status: vars.status,
      ...(vars.note ? { note: vars.note } : {}),
      ...(vars.slotId !== undefined ? { slotId: vars.slotId } : {}),
    }),
  );

export function useUpdateChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChallenge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}
