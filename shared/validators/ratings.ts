// The rating model's inputs (docs/product.md, "How good are the ratings?"): the stored settings row
// and the admin's switch to another model.
import { z } from "zod";

export const RATING_MODEL_MESSAGES = {
  model: "Choose one of the rating models in the evaluation table.",
  worse: "That model predicts results worse than the current one (higher Brier score): the ratings were not changed.",
  same: "That model is already in use.",
} as const;

/**
 * The rating engine's settings (RatingSettings, shared/rating): the stored system_settings row
 * (JSON; anything else there is ignored and the defaults apply), and a part of the rating model's answers.
 */
export const ratingSettingsSchema = z.object({
  kNew: z.number().int().min(1).max(100).describe("K while fewer than kThreshold matches have been played (on that surface / overall)..."),
  kEstablished: z.number().int().min(1).max(100).describe("...and from then on."),
  kThreshold: z.number().int().min(0).max(1000),
  marginOfVictory: z.boolean().describe("K grows with the sets margin: K × log2(1 + sets won − sets lost), so a one-set margin moves the usual K."),
  surfaceFromOverall: z.boolean().describe("A team's first match on a surface starts from its overall rating instead of the default 1500."),
});

/** POST /api/admin/rating-model: the id of a model of the evaluation table. */
export const switchRatingModelSchema = z
  .object({
  model: z.string({ error: RATING_MODEL_MESSAGES.model }).min(1, RATING_MODEL_MESSAGES.model).max(100, RATING_MODEL_MESSAGES.model),
  })
  .strict();
export type SwitchRatingModelInput = z.infer<typeof switchRatingModelSchema>;
