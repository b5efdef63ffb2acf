// Weekly availability answers (docs/product.md, "Weekly availability"): zod schemas, the one
// definition of each (docs/decisions/033-api-reference-from-zod.md); the types are inferred.
import { z } from "zod";
import { availabilitySchema } from "../validators/availability";

export const playerAvailabilitySchema = z.object({
  id: z.int(),
  name: z.string(),
  isCaptain: z.boolean(),
  hasLogin: z.boolean().describe("False for a partner who has not accepted the invitation yet (cannot set it)."),
  availability: availabilitySchema,
  isSet: z.boolean().describe("False while the player has marked nothing (never usually free)."),
});
export type PlayerAvailability = z.infer<typeof playerAvailabilitySchema>;

/** GET /api/teams/{id}/availability: the team's players' usual weeks. */
export const teamAvailabilitySchema = z.object({
  teamId: z.int(),
  teamName: z.string(),
  players: z.array(playerAvailabilitySchema),
});
export type TeamAvailability = z.infer<typeof teamAvailabilitySchema>;

/** PUT /api/user/availability: what was saved. */
export const myAvailabilitySchema = z.object({
  availability: availabilitySchema,
});
export type MyAvailability = z.infer<typeof myAvailabilitySchema>;
