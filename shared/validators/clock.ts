// The challenge clock's inputs (docs/product.md, "Club rules" and "Club breaks"): the admin's club
// rules and club breaks, with the product's messages. The server answers each refusal with these
// texts; the admin's cards check the same schemas before sending.
import { z } from "zod";
import { pageQuerySchema } from "../paging";
import { daysBetween } from "../time";
import { calendarDaySchema } from "./day";

/** Each club rule's range (whole numbers except the reminder point, a fraction of the window). */
export const CLUB_RULE_LIMITS = {
  answerWindowHours: { min: 1, max: 336 },
  playByDays: { min: 1, max: 90 },
  approvalDays: { min: 1, max: 30 },
  reminderPoint: { min: 0.1, max: 0.95 },
  inactivityDays: { min: 7, max: 365 },
} as const;

const L = CLUB_RULE_LIMITS;
export const CLUB_RULE_MESSAGES = {
  answerWindowHours: `The answer window must be a whole number of hours from ${L.answerWindowHours.min} to ${L.answerWindowHours.max}.`,
  playByDays: `The play-by window must be a whole number of days from ${L.playByDays.min} to ${L.playByDays.max}.`,
  approvalDays: `The result approval window must be a whole number of days from ${L.approvalDays.min} to ${L.approvalDays.max}.`,
  reminderPoint: `The reminder point must be a fraction of the window from ${L.reminderPoint.min} to ${L.reminderPoint.max} (two thirds is 0.67).`,
  inactivityDays: `The inactivity threshold must be a whole number of days from ${L.inactivityDays.min} to ${L.inactivityDays.max}.`,
} as const;

const whole = (key: "answerWindowHours" | "playByDays" | "approvalDays" | "inactivityDays") =>
  z
    .number({ error: CLUB_RULE_MESSAGES[key] })
    .int(CLUB_RULE_MESSAGES[key])
    .min(L[key].min, CLUB_RULE_MESSAGES[key])
    .max(L[key].max, CLUB_RULE_MESSAGES[key]);

/** POST /api/settings/club-rules: every rule, each in its range. */
export const clubRulesSchema = z
  .object({
    answerWindowHours: whole("answerWindowHours"),
    playByDays: whole("playByDays"),
    approvalDays: whole("approvalDays"),
    reminderPoint: z
      .number({ error: CLUB_RULE_MESSAGES.reminderPoint })
      .min(L.reminderPoint.min, CLUB_RULE_MESSAGES.reminderPoint)
      .max(L.reminderPoint.max, CLUB_RULE_MESSAGES.reminderPoint),
    inactivityDays: whole("inactivityDays"),
  })
  .strict();
export type ClubRulesInput = z.infer<typeof clubRulesSchema>;

/** A club break lasts at most this many days. */
export const CLUB_BREAK_MAX_DAYS = 90;
export const CLUB_BREAK_NAME_MAX = 60;
export const CLUB_BREAK_MESSAGES = {
  name: `Please give the break a name (at most ${CLUB_BREAK_NAME_MAX} characters).`,
  from: "Please choose the first day of the break.",
  to: "Please choose the last day of the break.",
  order: "The last day of the break cannot be before its first day.",
  tooLong: `A club break lasts at most ${CLUB_BREAK_MAX_DAYS} days.`,
  past: "A club break cannot start in the past.",
  started: "A break that has started cannot be removed.",
  notFound: "Club break not found.",
} as const;

/** POST /api/settings/club-breaks: {name, from, to}, first and last day (inclusive) in the club's time zone. */
export const clubBreakSchema = z
  .object({
    name: z.string({ error: CLUB_BREAK_MESSAGES.name }).trim().min(1, CLUB_BREAK_MESSAGES.name).max(CLUB_BREAK_NAME_MAX, CLUB_BREAK_MESSAGES.name),
    from: calendarDaySchema(CLUB_BREAK_MESSAGES.from),
    to: calendarDaySchema(CLUB_BREAK_MESSAGES.to),
  })
  .strict()
  .refine((v) => v.to >= v.from, { path: ["to"], message: CLUB_BREAK_MESSAGES.order })
  .refine((v) => v.to < v.from || daysBetween(v.from, v.to) + 1 <= CLUB_BREAK_MAX_DAYS, { path: ["to"], message: CLUB_BREAK_MESSAGES.tooLong });
export type ClubBreakInput = z.infer<typeof clubBreakSchema>;

/** GET /api/settings/club-breaks: newest first. */
export const clubBreakListQuerySchema = pageQuerySchema({ defaultLimit: 10, maxLimit: 50 });
export type ClubBreakListQuery = z.infer<typeof clubBreakListQuerySchema>;
