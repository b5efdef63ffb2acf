// Progress bars of the Data Management card: a fraction with its label, and the server's side of a
// running restore (phase and rows written, polled from GET /api/admin/operations/current).
import { cn } from "@/lib/utils";
import { useOperationProgress } from "../api/import-backup";

/** The server's side of a restore: its phase and rows written, polled while it runs. */
export function RestoreProgress() {
  const { data: op } = useOperationProgress(true);
  const label = op?.phase ? `${op.phase}…${op.total ? ` ${op.done.toLocaleString()} of ${op.total.toLocaleString()} rows` : ""}` : "Restoring on the server…";
  return <ProgressBar fraction={op?.total ? op.done / op.total : undefined} label={label} />;
}

export function ProgressBar({ fraction, label }: { fraction?: number; label: string }) {
  const pct = fraction === undefined ? undefined : Math.round(fraction * 100);
  return (
    <div className="space-y-1.5" role="status" aria-live="polite">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{label}</span>
        {pct !== undefined && <span className="tabular-nums">{pct}%</span>}
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
