// The club's time zone (GET /api/settings/club). The app shows times in the viewer's own zone; when
// that zone reads a time differently from the club's, the time carries the viewer's zone name
// ("Thu, Nov 26 at 6:00 PM PST"), so nobody mistakes it for club time. See docs/product.md, "Times and time zones".
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClubInfo } from "@shared/types/teams";
import { formatZonedDateTime, zoneAbbreviation } from "@shared/time";
import { api } from "@/lib/api-client";

export const clubQueryOptions = queryOptions({
  queryKey: ["settings", "club"],
  queryFn: () => api.get<ClubInfo>("/api/settings/club"),
  staleTime: Infinity,
});

const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** ' CET' when the viewer's zone shows `value` differently from the club's zone; '' otherwise. */
export function zoneMark(value: string | Date | null | undefined, clubTimeZone: string | undefined, viewer = viewerZone()): string {
  if (!value || !clubTimeZone) return "";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "";
  return formatZonedDateTime(d, viewer) === formatZonedDateTime(d, clubTimeZone) ? "" : ` ${zoneAbbreviation(d, viewer)}`;
}

/** zoneMark bound to the club's zone (nothing until it is loaded). */
export function useZoneMark(): (value: string | Date | null | undefined) => string {
  const { data } = useQuery(clubQueryOptions);
  return (value) => zoneMark(value, data?.timeZone);
}

/** For time pickers: a note when the viewer picks in a zone that reads differently from the club's. */
export function useZoneNote(): string | undefined {
  const { data } = useQuery(clubQueryOptions);
  const now = new Date();
  if (!data || zoneMark(now, data.timeZone) === "") return undefined;
  return `Times are in your time zone (${zoneAbbreviation(now, viewerZone())}); the club's is ${zoneAbbreviation(now, data.timeZone)}.`;
}
