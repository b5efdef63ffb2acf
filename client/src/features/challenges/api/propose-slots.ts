// POST /api/challenges/{id}/slots {slots}: a counter-proposal (pending, the captain whose turn it is) or a
// reschedule proposal (accepted, either captain).
import type { ChallengeRecord } from "@shared/types/challenges";
import type { ProposeSlotsBody } from "@shared/validators/challenges";
import { api } from "@/lib/api-client";
import { useChallengeMutation } from "./challenge-mutation";

export const proposeSlots = (vars: { id: number; body: ProposeSlotsBody }) => api.post<ChallengeRecord>(`/api/challenges/${vars.id}/slots`, vars.body);

export const useProposeSlots = () => useChallengeMutation(proposeSlots);
