// The rating model card's answers (docs/product.md, "How good are the ratings?"): zod schemas, the
// one definition of each (docs/decisions/033-api-reference-from-zod.md); the types are inferred.
import { z } from "zod";
import { ratingStateSchema } from "../rating";
import { modelEvaluationSchema } from "../rating/evaluate";

export type { ModelEvaluation } from "../rating/evaluate";

/** GET /api/admin/rating-model: the evaluation table, the current model first. */
export const ratingModelEvaluationSchema = z.object({
  matches: z.int().describe("Approved matches replayed."),
  models: z.array(modelEvaluationSchema),
});
export type RatingModelEvaluation = z.infer<typeof ratingModelEvaluationSchema>;

export const teamRatingsSchema = ratingStateSchema.pick({ rating: true, grassRating: true, beachRating: true, hardcourtRating: true });
export type TeamRatings = z.infer<typeof teamRatingsSchema>;

/** One team's ratings before and after a switch. */
export const teamRatingChangeSchema = z.object({
  teamId: z.int(),
  name: z.string(),
  before: teamRatingsSchema,
  after: teamRatingsSchema,
});
export type TeamRatingChange = z.infer<typeof teamRatingChangeSchema>;

/** POST /api/admin/rating-model: the model now in use and every (not deleted) team's before/after, by name. */
export const ratingModelSwitchSchema = z.object({
  from: z.string(),
  to: z.string(),
  matches: z.int(),
  teams: z.array(teamRatingChangeSchema),
});
export type RatingModelSwitch = z.infer<typeof ratingModelSwitchSchema>;
