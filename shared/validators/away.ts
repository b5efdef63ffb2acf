// A team's away range (docs/product.md, "Away"): one schema for the captain's card (zodResolver) and
// the routes. Days are club days written 'YYYY-MM-DD'; both days are included. "Not in the past"
// needs today in the club's zone, so the server checks it (the card checks it against the browser's
// day too).
import { z } from "zod";
import { AWAY_MAX_DAYS } from "../constants";
import { daysBetween, isDay } from "../time";
import { calendarDaySchema } from "./day";

export const AWAY_MESSAGES = {
  firstDay: "Please choose the first day away.",
  lastDay: "Please choose the last day away.",
  order: "The last day away cannot be before the first day.",
  tooLong: `A team can be away for at most ${AWAY_MAX_DAYS} days at a time.`,
  past: "The first day away cannot be in the past.",
  shortenRange: "The new last day must be from today (or the first day) up to the current last day.",
  notFound: "That away time does not exist.",
  over: "That away time is over and can no longer be changed.",
} as const;

/** The toast titles of the Away card. */
export const AWAY_TITLES = { set: "Away Set", setFailed: "Could Not Set Away", changed: "Away Changed", canceled: "Away Canceled" } as const;

/** POST /api/teams/{id}/away: the first and last day away. */
export const setAwaySchema = z
  .strictObject(
    { firstDay: calendarDaySchema(AWAY_MESSAGES.firstDay), lastDay: calendarDaySchema(AWAY_MESSAGES.lastDay) },
    { error: (iss) => (iss.code === "unrecognized_keys" ? `Unknown field: ${iss.keys.join(", ")}` : undefined) },
  )
  .superRefine((v, ctx) => {
    if (!isDay(v.firstDay) || !isDay(v.lastDay)) return;
    const length = daysBetween(v.firstDay, v.lastDay) + 1;
    if (length < 1) ctx.addIssue({ code: "custom", path: ["lastDay"], message: AWAY_MESSAGES.order });
    else if (length > AWAY_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["lastDay"], message: AWAY_MESSAGES.tooLong });
  });
export type SetAwayInput = z.infer<typeof setAwaySchema>;

/** PATCH /api/teams/{id}/away/{awayId}: an earlier last day (coming back sooner). */
export const shortenAwaySchema = z.strictObject(
  { lastDay: calendarDaySchema(AWAY_MESSAGES.lastDay) },
  { error: (iss) => (iss.code === "unrecognized_keys" ? `Unknown field: ${iss.keys.join(", ")}` : undefined) },
);
export type ShortenAwayInput = z.infer<typeof shortenAwaySchema>;
