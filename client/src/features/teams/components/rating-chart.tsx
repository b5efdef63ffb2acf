// A hand-made inline SVG line chart of one surface's rating after each approved match.
import { useId } from "react";
import type { RatingHistoryPoint } from "@shared/types/teams";
import { formatCount, formatDate } from "@/lib/format";

const W = 320;
const H = 140;
const PAD = { l: 36, r: 8, t: 10, b: 20 };

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
  const x = (i: number) => PAD.l + (i / Math.max(values.length - 1, 1)) * (W - PAD.l - PAD.r);
  const y = (v: number) => PAD.t + (1 - (v - lo) / (hi - lo)) * (H - PAD.t - PAD.b);
  const path = values.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const last = values[values.length - 1]!;
  const first = values[0]!;
  const summary = `${label}: from ${first} to ${last} over ${formatCount(usable.length, "match", "matches")}`;
  return (
    <figure className="w-full">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{summary}</title>
        {[lo, Math.round((lo + hi) / 2), hi].map((v) => (
          <g key={v}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} className="stroke-border" strokeDasharray="3 3" />
            <text x={PAD.l - 4} y={y(v) + 3} textAnchor="end" className="fill-muted-foreground text-[9px]">
              {v}
            </text>
          </g>
        ))}
        <path d={path} fill="none" className="stroke-primary" strokeWidth={2} strokeLinejoin="round" />
        {usable.map((p, i) => (
          <circle
            key={p.matchId}
            cx={x(i + 1)}
            cy={y(p.newRating!)}
            r={3}
            className={p.won ? "fill-primary" : "fill-surface stroke-primary"}
            strokeWidth={1.5}
          >
            <title>{`${formatDate(p.date)} vs ${p.opponentName}: ${p.won ? "won" : "lost"}, ${p.prevRating} → ${p.newRating}`}</title>
          </circle>
        ))}
        <text x={PAD.l} y={H - 4} className="fill-muted-foreground text-[9px]">
          {formatDate(usable[0]!.date)}
        </text>
        <text x={W - PAD.r} y={H - 4} textAnchor="end" className="fill-muted-foreground text-[9px]">
          {formatDate(usable[usable.length - 1]!.date)}
        </text>
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
