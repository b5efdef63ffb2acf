// The ladder's season line (docs/product.md, "Seasons"): the current season's name and last day,
// else the next one's first day, and the way to the past seasons' archive.
import { Link } from "wouter";
import { CalendarRange } from "lucide-react";
import { formatSeasonDay } from "@shared/time";
import { useCurrentSeason } from "@/features/seasons/api/get-current-season";

export function SeasonLine() {
  const { data } = useCurrentSeason();
  // Always one line: the answer arriving must not push the ladder down (layout shift).
  const text = !data
    ? "\u00a0"
    : data.current
      ? `${data.current.name}, until ${formatSeasonDay(data.current.lastDay)}`
      : data.next
        ? `Between seasons: ${data.next.name} starts ${formatSeasonDay(data.next.firstDay)}`
        : "No season is running.";
  return (
    <p className="-mt-2 mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <CalendarRange className="size-4" aria-hidden="true" />
        <span data-testid="current-season">{text}</span>
      </span>
      <Link href="/seasons" className="font-medium text-primary underline-offset-4 hover:underline">
        Past seasons
      </Link>
    </p>
  );
}
