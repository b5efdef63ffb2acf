// Progress bars of the Data Management and Danger Zone cards: a fraction with its label, and the
// server's side of a running restore or reset (phase and rows, polled from
// GET /api/admin/operations/current).
import { cn } from "@/lib/utils";
import { useOperationProgress } from "../api/import-backup";

/** The server's side of a restore or reset: its phase and rows, polled while it runs. */
export function OperationProgress({ fallback }: { fallback: string }) {
  const { data: op } = useOperationProgress(true);
  const rows = op?.total ? ` ${op.done.toLocaleString()} of ${op.total.toLocaleString()} rows` : op?.done ? ` ${op.done.toLocaleString()} rows` : "";
  const label = op?.phase ? `${op.phase}…${rows}` : fallback;
  return <ProgressBar fraction={op?.total ? op.done / op.total : undefined} label={label} />;
}

export function ProgressBar({ fraction, label }: { fraction?: number; label: string }) {
  const pct = fraction === undefined ? undefined : Math.round(fraction * 100);
  return (
    <div className="space-y-1.5" role="status" aria-live="polite">
      <div className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span className="min-w-0">{label}</span>
        {pct !== undefined && <span className="shrink-0 tabular-nums">{pct}%</span>}
      </div>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div
          className={cn("h-full rounded-full bg-primary transition-[width]", pct === undefined && "w-1/3 animate-pulse")}
          style={pct === undefined ? undefined : { width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
