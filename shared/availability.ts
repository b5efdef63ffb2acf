// Weekly availability (docs/product.md, "Weekly availability"): when a player can usually play, as
// a grid of days × parts of day, and the slots where every player of a challenge is usually free.
// Pure: the profile and the challenge form (client) and the server share it; tests pass a fixed now.
import { DAY_PART_MINUTES, DAY_PARTS, SUGGESTED_SLOTS, SUGGESTION_HORIZON_DAYS, WEEK_DAYS, type DayPart, type WeekDay } from "./constants";

export type DayAvailability = Record<DayPart, boolean>;
/** users.availability: every day, each part true (usually free) or false. */
export type Availability = Record<WeekDay, DayAvailability>;

const emptyDay = (): DayAvailability => ({ morning: false, afternoon: false, evening: false });
const fullDay = (): DayAvailability => ({ morning: true, afternoon: true, evening: true });

export function emptyAvailability(): Availability {
  return Object.fromEntries(WEEK_DAYS.map((d) => [d, emptyDay()])) as Availability;
}

/** The column's default and a new player's grid: nothing marked. */
export const EMPTY_AVAILABILITY: Availability = emptyAvailability();

/**
 * The grid from what an older backup holds (one boolean per day: true meant "can play that day")
 * or from the current shape; anything else counts as not free.
 */
export function normalizeAvailability(raw: unknown): Availability {
  const out = emptyAvailability();
  if (raw === null || typeof raw !== "object") return out;
  const days = raw as Record<string, unknown>;
  for (const day of WEEK_DAYS) {
    const value = days[day];
    if (value === true) out[day] = fullDay();
    else if (value !== null && typeof value === "object") {
      for (const part of DAY_PARTS) out[day][part] = (value as Record<string, unknown>)[part] === true;
    }
  }
  return out;
}

/** True when the player marked at least one part of one day. */
export function hasAvailability(a: Availability): boolean {
  return WEEK_DAYS.some((d) => DAY_PARTS.some((p) => a[d][p]));
}

export type SlotKey = `${WeekDay}-${DayPart}`;
export const slotKey = (day: WeekDay, part: DayPart): SlotKey => `${day}-${part}`;

/** How many of the players are usually free in each cell of the grid. */
export function freeCounts(players: readonly Availability[]): Map<SlotKey, number> {
  const counts = new Map<SlotKey, number>();
  for (const day of WEEK_DAYS)
    for (const part of DAY_PARTS) counts.set(slotKey(day, part), players.filter((a) => a[day][part]).length);
  return counts;
}

/** The cells where every one of the players is usually free (none when there are no players). */
export function commonSlots(players: readonly Availability[]): Set<SlotKey> {
  const out = new Set<SlotKey>();
  if (players.length === 0) return out;
  for (const [key, n] of freeCounts(players)) if (n === players.length) out.add(key);
  return out;
}

/** The part of day a start time (minutes after midnight, club time) belongs to; null outside the grid. */
export function partOfDay(minutes: number): DayPart | null {
  for (const part of DAY_PARTS) {
    const { from, until } = DAY_PART_MINUTES[part];
    if (minutes >= from && minutes < until) return part;
  }
  return null;
}

/** The week day of a calendar date held at noon UTC (Monday first, as WEEK_DAYS). */
const weekDayOf = (date: Date): WeekDay => WEEK_DAYS[(date.getUTCDay() + 6) % 7]!;

/** True when every one of the players is usually free at `startsAt` (its club-time day and part of day). */
export function allFreeAt(players: readonly Availability[], startsAt: Date, timeZone: string): boolean {
  if (players.length === 0) return false;
  const p = zonedParts(startsAt, timeZone);
  const part = partOfDay(p.hour * 60 + p.minute);
  if (!part) return false;
  const day = weekDayOf(new Date(Date.UTC(p.year, p.month - 1, p.day, 12)));
  return players.every((a) => a[day][part]);
}

export interface SuggestedSlot {
  startsAt: Date;
  day: WeekDay;
  part: DayPart;
  /** The club's calendar date (yyyy-mm-dd) and time (HH:MM) of the start. */
  clubDate: string;
  clubTime: string;
}

export interface SuggestOptions {
  /** The four players' grids (a player who marked nothing is never free). */
  players: readonly Availability[];
  now: Date;
  /** The club's IANA zone: the grid's days and parts are club time. */
  timeZone: string;
  count?: number;
  horizonDays?: number;
  /** A further check of a start (e.g. the viewer's form can pick that time); skipped when false. */
  accept?: (startsAt: Date) => boolean;
}

/**
 * The next `count` slots (from now, within `horizonDays`) in cells where every player is usually
 * free: one a cell and day, at the part's suggested time (10:00, 14:00, 18:00 club time), soonest first.
 */
export function suggestSlots(options: SuggestOptions): SuggestedSlot[] {
  const { players, now, timeZone } = options;
  const count = options.count ?? SUGGESTED_SLOTS;
  const horizon = options.horizonDays ?? SUGGESTION_HORIZON_DAYS;
  const common = commonSlots(players);
  const out: SuggestedSlot[] = [];
  if (common.size === 0) return out;
  const today = zonedParts(now, timeZone);
  for (let offset = 0; offset <= horizon && out.length < count; offset++) {
    // Calendar arithmetic on the club's date, at noon UTC (no daylight-saving edge can move the day).
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const day = weekDayOf(date);
    for (const part of DAY_PARTS) {
      if (out.length >= count) break;
      if (!common.has(slotKey(day, part))) continue;
      const minutes = DAY_PART_MINUTES[part].suggest;
      const startsAt = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minutes, timeZone);
      if (startsAt.getTime() <= now.getTime()) continue;
      if (options.accept && !options.accept(startsAt)) continue;
      out.push({
        startsAt,
        day,
        part,
        clubDate: `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
        clubTime: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
      });
    }
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, "0");

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock reading of an instant in a zone. */
export function zonedParts(when: Date, timeZone: string): ZonedParts {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    partFormatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(when)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour! % 24, minute: p.minute! };
}

/** The instant a wall-clock time (date + minutes after midnight) in a zone names. */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  const offsetAt = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - t;
  };
  // Two passes settle the offset also across a daylight-saving change.
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return new Date(guess);
}
