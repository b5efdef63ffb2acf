// PUT /api/challenges/{id}/slots/{slotId}/answer {canPlay}: one of the four players' "can play / can't".
import type { SlotAnswerBody } from "@shared/validators/challenges";
import type { SlotAnswerResult } from "@shared/types/challenges";
import { api } from "@/lib/api-client";
import { useChallengeMutation } from "./challenge-mutation";

export const answerSlot = (vars: { id: number; slotId: number } & SlotAnswerBody) =>
  api.put<SlotAnswerResult>(`/api/challenges/${vars.id}/slots/${vars.slotId}/answer`, { canPlay: vars.canPlay });

export const useAnswerSlot = () => useChallengeMutation(answerSlot);
