// POST /api/challenges.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { ChallengeRecord } from "@shared/types/challenges";
import type { CreateChallengeBody } from "@shared/validators/challenges";
import { api } from "@/lib/api-client";
import { challengeKeys } from "./keys";

export const createChallenge = (body: CreateChallengeBody) => api.post<ChallengeRecord>("/api/challenges", body);

export function useCreateChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChallenge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}
