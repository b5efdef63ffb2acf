// Display formatting. Dates arrive as ISO strings (UTC) and are shown in the viewer's local time.
import { format, formatDistanceToNow, isValid, parseISO } from "date-fns";

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "string" ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** A formatter for dates: the value shown through `show`, or the fallback when it is missing or invalid. */
function dateFormatter(show: (date: Date) => string) {
  return (value: DateInput, fallback = "—"): string => {
    const d = toDate(value);
    return d ? show(d) : fallback;
  };
}

/** 'Mar 5, 2025' */
export const formatDate = dateFormatter((d) => format(d, "MMM d, yyyy"));

/** '3:30 PM' */
export const formatTime = dateFormatter((d) => format(d, "h:mm a"));

/** 'Mar 5, 2025, 3:30 PM' */
export const formatDateTime = dateFormatter((d) => format(d, "MMM d, yyyy, h:mm a"));

/** 'Wednesday, March 5, 2025 at 3:30 PM' */
export const formatLongDateTime = dateFormatter((d) => format(d, "EEEE, MMMM d, yyyy 'at' h:mm a"));

/** 'Wednesday, March 5, 2025' */
export const formatLongDate = dateFormatter((d) => format(d, "EEEE, MMMM d, yyyy"));

/** '3 days ago' */
export const formatRelative = dateFormatter((d) => formatDistanceToNow(d, { addSuffix: true }));

/** Minutes after midnight → '6:30 AM' (time-slot pickers). */
export function formatMinutes12h(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const suffix = h < 12 ? "AM" : "PM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** 0.6667 → '67%' when `ratio`; 66.67 → '67%' otherwise. null/NaN → '0%'. */
export function formatPercent(value: number | null | undefined, { ratio = false } = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "0%";
  return `${Math.round(ratio ? value * 100 : value)}%`;
}

/** 12 and 5 → '12-5' */
export function formatRecord(wins: number, losses: number): string {
  return `${wins}-${losses}`;
}

/** A count with its noun: (1, 'win') → '1 win', (0, 'loss', 'losses') → '0 losses'. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * What "Team rating" means wherever it is shown (profile header, challenge cards, Challenge Teams
 * before a surface is chosen): the mean of the three surface ratings. The overall Elo rating is
 * labelled "Overall ELO", a surface's rating sits under its surface's name (docs/product.md#team-rating-and-win-percentage).
 */
export const TEAM_RATING_HINT = "The mean of the team's grass, beach and hardcourt ratings";
