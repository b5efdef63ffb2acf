// DELETE /api/challenges/{id}: cancel (soft; the challenge stays as canceled).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ChallengeRecord } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys } from "./keys";

export const cancelChallenge = (id: number) => api.delete<ChallengeRecord>(`/api/challenges/${id}`);

export function useCancelChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelChallenge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}

/** The accepted challenge's calendar file (a plain link: the browser downloads it with the cookie). */
export const challengeCalendarUrl = (id: number) => `/api/challenges/${id}/calendar.ics`;
