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

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    formatters.set(timeZone, f);
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

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(when: Date, timeZone: string): Record<string, string> {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    dayFormatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(when)) parts[p.type] = p.value;
  return parts;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The day as people in `timeZone` read it: 'Thu 3 Dec' (the challenge clock's dates). */
export function formatZonedDate(when: Date | string, timeZone: string): string {
  const p = partsIn(typeof when === "string" ? new Date(when) : when, timeZone);
  return `${p.weekday} ${p.day} ${p.month}`;
}

/** The calendar day of an instant in `timeZone`, as YYYY-MM-DD. */
export function zonedDay(when: Date | string, timeZone: string): string {
  const p = partsIn(typeof when === "string" ? new Date(when) : when, timeZone);
  const month = MONTHS.indexOf(p.month ?? "") + 1;
  return `${p.year}-${String(month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

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

/** The day after a calendar day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
