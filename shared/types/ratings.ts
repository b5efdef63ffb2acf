// The rating model card's answers (docs/product.md, "How good are the ratings?").
import type { ModelEvaluation } from "../rating/evaluate";

export type { ModelEvaluation } from "../rating/evaluate";

/** GET /api/admin/rating-model: the evaluation table, the current model first. */
export interface RatingModelEvaluation {
  /** Approved matches replayed. */
  matches: number;
  models: ModelEvaluation[];
}

export interface TeamRatings {
  rating: number;
  grassRating: number;
  beachRating: number;
  hardcourtRating: number;
}

/** One team's ratings before and after a switch. */
export interface TeamRatingChange {
  teamId: number;
  name: string;
  before: TeamRatings;
  after: TeamRatings;
}

/** POST /api/admin/rating-model: the model now in use and every (not deleted) team's before/after, by name. */
export interface RatingModelSwitch {
  from: string;
  to: string;
  matches: number;
  teams: TeamRatingChange[];
}
