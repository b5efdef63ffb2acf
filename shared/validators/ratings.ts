// The rating model's inputs (docs/product.md, "How good are the ratings?"): the stored settings row
// and the admin's switch to another model.
import { z } from "zod";

export const RATING_MODEL_MESSAGES = {
  model: "Choose one of the rating models in the evaluation table.",
  worse: "That model predicts results worse than the current one (higher Brier score): the ratings were not changed.",
  same: "That model is already in use.",
} as const;

/** The stored system_settings row (JSON); anything else there is ignored and the defaults apply. */
export const ratingSettingsSchema = z.object({
  kNew: z.number().int().min(1).max(100),
  kEstablished: z.number().int().min(1).max(100),
  kThreshold: z.number().int().min(0).max(1000),
  marginOfVictory: z.boolean(),
  surfaceFromOverall: z.boolean(),
});

/** POST /api/admin/rating-model: the id of a model of the evaluation table. */
export const switchRatingModelSchema = z
  .object({
  model: z.string({ error: RATING_MODEL_MESSAGES.model }).min(1, RATING_MODEL_MESSAGES.model).max(100, RATING_MODEL_MESSAGES.model),
  })
  .strict();
export type SwitchRatingModelInput = z.infer<typeof switchRatingModelSchema>;
