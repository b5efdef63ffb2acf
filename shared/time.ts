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
