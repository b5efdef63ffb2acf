// The answers of a team's away routes (docs/product.md, "Away"): zod schemas, the one definition of
// each (docs/decisions/033-api-reference-from-zod.md); the types are inferred.
import { z } from "zod";

/** One away range: club days 'YYYY-MM-DD', both included. */
export const awayRangeSchema = z.object({
  id: z.int(),
  teamId: z.int(),
  firstDay: z.iso.date(),
  lastDay: z.iso.date(),
});
export type AwayRange = z.infer<typeof awayRangeSchema>;

/** GET /api/teams/{id}/away (and what the changes answer): today's club day and the range not over yet, if any. */
export const teamAwayViewSchema = z.object({
  today: z.iso.date(),
  current: awayRangeSchema.nullable().describe("The range the team is on or will be on (at most one at a time); null when none."),
});
export type TeamAwayView = z.infer<typeof teamAwayViewSchema>;
