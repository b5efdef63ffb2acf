// Seasons (docs/product.md, "Seasons"): one schema for the admin's Seasons card (zodResolver) and
// the routes, with the product's messages. Days are club days written 'YYYY-MM-DD', both included.
// "Not in the past" and "no overlap" need today in the club's zone and the other seasons, so the
// server checks them (seasons.service.ts).
import { z } from "zod";
import { COMPETITION_TYPES, SURFACES } from "../constants";
import { pageQuerySchema } from "../paging";
import { formatSeasonDay, isDay } from "../time";
import { calendarDaySchema } from "./day";

export const SEASON_NAME_MAX = 60;
/** The carry-over pulls ratings toward the starting rating by at most this share (docs/product.md, "Carry-over"). */
export const CARRY_OVER_MAX_PERCENT = 50;
/** Wildcard challenges a team gets in its first season (docs/product.md, "Wildcards"). */
export const WILDCARDS_PER_SEASON = 2;

export const SEASON_MESSAGES = {
  name: `Please give the season a name (at most ${SEASON_NAME_MAX} characters).`,
  firstDay: "Please choose the season's first day.",
  lastDay: "Please choose the season's last day.",
  order: "The season must end after it starts.",
  carryOver: `The carry-over must be a whole percentage from 0 to ${CARRY_OVER_MAX_PERCENT}.`,
  past: "A season cannot start in the past.",
  notFound: "Season not found.",
  notFuture: "Only a season that has not started yet can be changed.",
  notStarted: "A season that has not started cannot be closed.",
  closed: "This season is already closed.",
  notClosed: "This season has not been closed yet: its standings are on the ladder.",
  wildcardsUsed: `Your team has used both of its ${WILDCARDS_PER_SEASON} wildcard challenges this season.`,
} as const;

/** The toast titles of the Seasons card. */
export const SEASON_TITLES = {
  save: "Failed to Save Season",
  close: "Failed to Close Season",
} as const;

/** "This season overlaps Winter Term 2027 (…). Seasons cannot overlap." */
export function seasonOverlapMessage(other: { name: string; firstDay: string; lastDay: string }): string {
  return `This season overlaps ${other.name} (${formatSeasonDay(other.firstDay)} to ${formatSeasonDay(other.lastDay)}). Seasons cannot overlap.`;
}

/** POST /api/admin/seasons and PUT /api/admin/seasons/{id}: name, first and last day, carry-over. */
export const seasonSchema = z
  .strictObject(
    {
      name: z.string({ error: SEASON_MESSAGES.name }).trim().min(1, SEASON_MESSAGES.name).max(SEASON_NAME_MAX, SEASON_MESSAGES.name),
      firstDay: calendarDaySchema(SEASON_MESSAGES.firstDay),
      lastDay: calendarDaySchema(SEASON_MESSAGES.lastDay),
      carryOverPercent: z
        .number({ error: SEASON_MESSAGES.carryOver })
        .int(SEASON_MESSAGES.carryOver)
        .min(0, SEASON_MESSAGES.carryOver)
        .max(CARRY_OVER_MAX_PERCENT, SEASON_MESSAGES.carryOver)
        .default(0),
    },
    { error: (iss) => (iss.code === "unrecognized_keys" ? `Unknown field: ${iss.keys.join(", ")}` : undefined) },
  )
  .refine((v) => !isDay(v.firstDay) || !isDay(v.lastDay) || v.lastDay > v.firstDay, { path: ["lastDay"], message: SEASON_MESSAGES.order });
export type SeasonInput = z.infer<typeof seasonSchema>;

/** GET /api/admin/seasons (every season) and GET /api/seasons (closed ones): newest first. */
export const seasonListQuerySchema = pageQuerySchema({ defaultLimit: 10, maxLimit: 50 });
export type SeasonListQuery = z.infer<typeof seasonListQuerySchema>;

export const SEASON_LADDERS = [...SURFACES, "overall"] as const;
export type SeasonLadder = (typeof SEASON_LADDERS)[number];

/** GET /api/seasons/{id}/standings: one ladder of the archive, the club's or one category's ranks. */
export const seasonStandingsQuerySchema = pageQuerySchema({ defaultLimit: 50, maxLimit: 100 }).extend({
  ladder: z.enum(SEASON_LADDERS, { error: `ladder must be one of ${SEASON_LADDERS.join(", ")}.` }).default("overall"),
  competitionType: z.enum(COMPETITION_TYPES, { error: `competitionType must be one of ${COMPETITION_TYPES.join(", ")}.` }).optional(),
});
export type SeasonStandingsQuery = z.infer<typeof seasonStandingsQuerySchema>;
