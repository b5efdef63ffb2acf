// DELETE /api/challenges/{id}/slots: the captain who proposed to move an accepted match takes it back.
import type { ChallengeRecord } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { useChallengeMutation } from "./challenge-mutation";

export const withdrawSlots = (id: number) => api.delete<ChallengeRecord>(`/api/challenges/${id}/slots`);

export const useWithdrawSlots = () => useChallengeMutation(withdrawSlots);
