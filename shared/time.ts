// Times for people. Stored times are UTC instants; the club plays in one time zone (CLUB_TIMEZONE on
// the server, exposed at GET /api/settings/club), and every mail and server-made text shows times
// there. See docs/product.md, "Times and time zones".

/** The club's zone when CLUB_TIMEZONE is unset. */
export const DEFAULT_CLUB_TIMEZONE = "America/Vancouver";

/** True when `name` is an IANA time zone this runtime knows ("America/Vancouver", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!name.trim()) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// One cache of Intl formatters (they are costly to build), by purpose and time zone.
const FORMATS = {
  dateTime: { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit", hour12: true },
  day: { year: "numeric", month: "2-digit", day: "2-digit" },
  wallClock: { weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string, kind: keyof typeof FORMATS = "dateTime"): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(kind === "day" ? "en-CA" : "en-US", { timeZone, ...FORMATS[kind] });
    formatters.set(key, f);
  }
  return f;
}

/** An instant as people in `timeZone` read it: 'Thu 26 Nov, 6:00 PM'. */
export function formatZonedDateTime(when: Date | string, timeZone: string): string {
  const d = typeof when === "string" ? new Date(when) : when;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatterFor(timeZone).formatToParts(d)) parts[p.type] = p.value;
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? "").toUpperCase()}`;
}

/** The short name of `timeZone` at that instant: 'PST', 'GMT+1'. */
export function zoneAbbreviation(when: Date | string, timeZone: string): string {
  const d = typeof when === "string" ? new Date(when) : when;
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(d)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

// Club days: calendar dates in the club's zone, written 'YYYY-MM-DD' (away ranges, inactivity).

/** The club day (in `timeZone`) an instant falls on: '2026-11-26'. */
export function clubDay(when: Date, timeZone: string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatterFor(timeZone, "day").formatToParts(when)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const n = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(n) && new Date(n).toISOString().slice(0, 10) === value;
}

/** `day` plus `n` days (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date((dayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

const dayLabel = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });

/** A club day for people: 'Thu 3 Dec' (the same words as formatZonedDateTime, without the time). */
export function formatDay(day: string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of dayLabel.formatToParts(new Date(dayNumber(day) * DAY_MS))) parts[p.type] = p.value;
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** 'Mon 4 Jan 2027': a season's day for people (the year matters in an archive). */
export function formatSeasonDay(day: string): string {
  return `${formatDay(day)} ${day.slice(0, 4)}`;
}

/** The club day of an instant as people there read it: 'Thu 3 Dec' (the challenge clock's dates). */
export function formatZonedDate(when: Date | string, timeZone: string): string {
  return formatDay(clubDay(typeof when === "string" ? new Date(when) : when, timeZone));
}

function partsIn(when: Date, timeZone: string): Record<string, string> {
  const f = formatterFor(timeZone, "wallClock");
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(when)) parts[p.type] = p.value;
  return parts;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** How far `timeZone`'s wall clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(when: Date, timeZone: string): number {
  const p = partsIn(when, timeZone);
  const month = MONTHS.indexOf(p.month ?? "");
  const wall = Date.UTC(Number(p.year), month, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return wall - Math.floor(when.getTime() / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) begins in `timeZone` (its local midnight). */
export function zonedDayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes: the offset at the guess, then at the corrected instant (a DST change that day).
  let t = guess - offsetAt(new Date(guess), timeZone);
  t = guess - offsetAt(new Date(t), timeZone);
  return new Date(t);
}
