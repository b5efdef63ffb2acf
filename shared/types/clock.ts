// The challenge clock's answers (docs/product.md, "The challenge clock"): zod schemas, the one
// definition of each (docs/decisions/033-api-reference-from-zod.md); the types are inferred.
import { z } from "zod";
import { pageSchemaOf } from "../paging";
import { currentAndNextOf, namedRefSchema } from "./common";
import { clubRulesSchema } from "../validators/clock";

/** The club rules in force (an admin's values, else the environment's defaults): the admin's form (clubRulesSchema) and when it was saved. */
export const clubRulesAnswerSchema = clubRulesSchema.extend({
  updatedAt: z.iso.datetime().nullable().describe("When an admin last changed them (null: the defaults)."),
});
export type ClubRules = z.infer<typeof clubRulesAnswerSchema>;

/** A club break: its first and last day (club time, inclusive) and the instants they mean. */
export const clubBreakViewSchema = namedRefSchema.extend({
  from: z.iso.date(),
  to: z.iso.date(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  state: z.enum(["upcoming", "current", "past"]),
});
export type ClubBreakView = z.infer<typeof clubBreakViewSchema>;

export const clubBreaksPageSchema = pageSchemaOf(clubBreakViewSchema);
export type ClubBreaksPage = z.infer<typeof clubBreaksPageSchema>;

/** DELETE /api/settings/club-breaks/{id}: the break is gone. */
export const clubBreakRemovedSchema = z.object({ removed: z.literal(true) });
export type ClubBreakRemoved = z.infer<typeof clubBreakRemovedSchema>;

/** The banner: the break going on now, else the next one starting within 14 days. */
export const clubBreakBannerSchema = currentAndNextOf(clubBreakViewSchema);
export type ClubBreakBanner = z.infer<typeof clubBreakBannerSchema>;

/** A team's response record: challenges it answered in time, and those that expired unanswered. */
export const responseRecordSchema = z.object({
  answeredInTime: z.int(),
  expiredUnanswered: z.int(),
});
export type ResponseRecord = z.infer<typeof responseRecordSchema>;
