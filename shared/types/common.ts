// Pieces the answer schemas share (docs/decisions/033-api-reference-from-zod.md): one definition of
// each field run several answers carry, composed with `.extend` where an answer has more.
import { z } from "zod";

/** An id and the name shown for it: a person, a team, a season, a club break. */
export const namedRefSchema = z.object({ id: z.int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** A team's player as a challenge or a match shows them. */
export const memberRefSchema = namedRefSchema.extend({ isCaptain: z.boolean() });
export type MemberRef = z.infer<typeof memberRefSchema>;

/** An account as the admin lists show it. */
export const accountRefSchema = namedRefSchema.extend({ username: z.string().nullable(), email: z.string() });

/** The answers that are only a message, and the base of those that say more. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A team's rating and record (seasons' standings and champions, the admin's team list). */
export const ratingRecordSchema = z.object({
  rating: z.number(),
  wins: z.int().nonnegative(),
  losses: z.int().nonnegative(),
});

/** What goes on now, else what comes next (null: nothing): a season, a club break. */
export function currentAndNextOf<T extends z.ZodType>(item: T) {
  return z.object({ current: item.nullable(), next: item.nullable() });
}
