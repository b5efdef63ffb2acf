// Seasons and their archives (docs/product.md, "Seasons", "Season archives"): the answers' zod
// schemas, declared by the routes as `response` (docs/decisions/033-api-reference-from-zod.md), and their types.
import { z } from "zod";
import { COMPETITION_TYPES } from "../constants";
import { pageSchemaOf } from "../paging";
import { currentAndNextOf, namedRefSchema, ratingRecordSchema } from "./common";
import { SEASON_LADDERS } from "../validators/seasons";

/**
 * upcoming: its first day is ahead. current: not closed, and its days contain today (club time).
 * ending: its last day is over, and the jobs runner is about to close it. closed: its standings are frozen.
 */
export const seasonStateSchema = z.enum(["upcoming", "current", "ending", "closed"]);
export type SeasonState = z.infer<typeof seasonStateSchema>;

export const seasonViewSchema = namedRefSchema.extend({
  firstDay: z.iso.date().describe("First day, a club day, included."),
  lastDay: z.iso.date().describe("Last day, a club day, included."),
  carryOverPercent: z.number(),
  state: seasonStateSchema,
  closedAt: z.iso.datetime().nullable(),
});
export type SeasonView = z.infer<typeof seasonViewSchema>;

/** Rank 1 of one ladder, over the club (`scope` 'all') or within one category, at the close. */
export const seasonChampionSchema = ratingRecordSchema.extend({
  ladder: z.enum(SEASON_LADDERS),
  scope: z.union([z.enum(COMPETITION_TYPES), z.literal("all")]),
  teamName: z.string(),
});
export type SeasonChampion = z.infer<typeof seasonChampionSchema>;

export const archivedSeasonSchema = seasonViewSchema.extend({ champions: z.array(seasonChampionSchema) });
export type ArchivedSeason = z.infer<typeof archivedSeasonSchema>;

export const seasonsPageSchema = pageSchemaOf(seasonViewSchema);
export type SeasonsPage = z.infer<typeof seasonsPageSchema>;
export const archivedSeasonsPageSchema = pageSchemaOf(archivedSeasonSchema);
export type ArchivedSeasonsPage = z.infer<typeof archivedSeasonsPageSchema>;

/** The ladder's header: the season going on, else the next one (null: none planned). */
export const currentSeasonSchema = currentAndNextOf(seasonViewSchema);
export type CurrentSeason = z.infer<typeof currentSeasonSchema>;

/** One team's place in a closed season's standings, as it was then. */
export const seasonStandingRowSchema = ratingRecordSchema.extend({
  position: z.number().int().min(1),
  rank: z.number().int().min(1).nullable().describe("Null: the team was inactive at the close (listed after the ranked teams)."),
  teamName: z.string(),
  competitionType: z.enum(COMPETITION_TYPES),
});
export type SeasonStandingRow = z.infer<typeof seasonStandingRowSchema>;

export const seasonStandingsPageSchema = pageSchemaOf(seasonStandingRowSchema);
export type SeasonStandingsPage = z.infer<typeof seasonStandingsPageSchema>;
