// The season carry-over (docs/product.md, "Carry-over"): when a season starts, every rating (overall
// and each surface) is pulled toward the starting rating by the admin's percentage, rounded to an
// integer; W-L counts stay. Pure, so the server's start of a season and the replay of history
// (rebuild.ts) compute the same numbers.
import { DEFAULT_RATING } from "../constants";
import type { RatingState } from "./index";

/** A rating pulled `percent` % of the way toward the starting rating (half a point rounds up). */
export function pullTowardStart(rating: number, percent: number): number {
  return Math.round(rating + ((DEFAULT_RATING - rating) * percent) / 100);
}

/** A team's state after a carry-over of `percent` % (0 leaves it as it is). */
export function carryOver(state: RatingState, percent: number): RatingState {
  return {
    ...state,
    rating: pullTowardStart(state.rating, percent),
    grassRating: pullTowardStart(state.grassRating, percent),
    beachRating: pullTowardStart(state.beachRating, percent),
    hardcourtRating: pullTowardStart(state.hardcourtRating, percent),
  };
}
