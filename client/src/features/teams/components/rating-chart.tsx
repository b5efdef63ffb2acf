// A hand-made line chart of one surface's rating after each approved match. The line is an SVG
// stretched to the card's width; the axis labels are HTML text in the page's own size (inside the
// SVG they shrank with the chart, to 6-9 px on narrow cards).
import { useId } from "react";
import type { RatingHistoryPoint } from "@shared/types/teams";
import { formatCount, formatDate } from "@/lib/format";

const W = 300;
const H = 100;

/** The x-axis labels: the first and last match dates, or one date when both are the same day. */
export function dateLabels(points: Pick<RatingHistoryPoint, "date">[]): string[] {
  if (points.length === 0) return [];
  const first = formatDate(points[0]!.date);
  const last = formatDate(points[points.length - 1]!.date);
  return first === last ? [first] : [first, last];
}

export function RatingChart({ points, label }: { points: RatingHistoryPoint[]; label: string }) {
  const titleId = useId();
  const usable = points.filter((p) => p.prevRating !== null && p.newRating !== null);
  if (usable.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No matches played yet</p>;
  }
  const values = [usable[0]!.prevRating!, ...usable.map((p) => p.newRating!)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = Math.max(max - min, 20);
  const lo = Math.floor((min + max) / 2 - span / 2 - 4);
  const hi = lo + span + 8;
  const x = (i: number) => (i / Math.max(values.length - 1, 1)) * W;
  const y = (v: number) => (1 - (v - lo) / (hi - lo)) * H;
  const path = values.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const first = values[0]!;
  const last = values[values.length - 1]!;
  const summary = `${label}: from ${first} to ${last} over ${formatCount(usable.length, "match", "matches")}`;
  const dates = dateLabels(usable);
  return (
    <figure className="w-full">
      <div className="flex gap-2">
        {/* The rating at the top, middle and bottom grid lines. */}
        <div className="relative my-0 w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground" aria-hidden="true">
          {[hi, Math.round((lo + hi) / 2), lo].map((v, i) => (
            <span key={i} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${i * 50}%` }} data-axis="rating">
              {v}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-32 w-full min-w-0 overflow-visible"
          role="img"
          aria-labelledby={titleId}
        >
          <title id={titleId}>{summary}</title>
          {[0, H / 2, H].map((gy) => (
            <line key={gy} x1={0} x2={W} y1={gy} y2={gy} className="stroke-border" strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
          ))}
          <path d={path} fill="none" className="stroke-primary" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          {usable.map((p, i) => {
            const px = x(i + 1);
            const py = y(p.newRating!);
            // A zero-length line with round caps is a dot that keeps its size however the chart stretches.
            return (
              <g key={p.matchId}>
                <title>{`${formatDate(p.date)} vs ${p.opponentName}: ${p.won ? "won" : "lost"}, ${p.prevRating} → ${p.newRating}`}</title>
                <line x1={px} x2={px} y1={py} y2={py} className="stroke-primary" strokeWidth={8} strokeLinecap="round" vectorEffect="non-scaling-stroke" />
                {!p.won && (
                  <line x1={px} x2={px} y1={py} y2={py} className="stroke-surface" strokeWidth={4} strokeLinecap="round" vectorEffect="non-scaling-stroke" />
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <div
        className={dates.length === 1 ? "mt-2 pl-12 text-center text-xs text-muted-foreground" : "mt-2 flex justify-between gap-2 pl-12 text-xs text-muted-foreground"}
        aria-hidden="true"
      >
        {dates.map((d) => (
          <span key={d} data-axis="date">
            {d}
          </span>
        ))}
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
