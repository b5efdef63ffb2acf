// POST /api/challenges/{id}/slots/{slotId}/accept: the captain whose turn it is takes a proposed new time
// of an accepted challenge (a reschedule). A pending challenge's time is accepted with PATCH (update-challenge.ts).
import type { ChallengeRecord } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { useChallengeMutation } from "./challenge-mutation";

export const acceptSlot = (vars: { id: number; slotId: number }) => api.post<ChallengeRecord>(`/api/challenges/${vars.id}/slots/${vars.slotId}/accept`, {});

export const useAcceptSlot = () => useChallengeMutation(acceptSlot);
