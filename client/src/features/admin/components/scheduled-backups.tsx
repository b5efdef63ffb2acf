// The scheduled backups the server keeps (BACKUP_SCHEDULE, BACKUP_KEEP): each can be downloaded or
// restored (Merge or Overwrite, the latter confirmed), like an uploaded file; each button names its backup.
import { useState } from "react";
import { Download } from "lucide-react";
import type { ImportBackupResponse, ImportMode } from "@shared/types/admin";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { OperationProgress } from "./restore-progress";
import { scheduledBackupUrl, useRestoreScheduledBackup, useScheduledBackups } from "../api/scheduled-backups";

const mb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export function ScheduledBackups({ busy, onRestored }: { busy: boolean; onRestored: (r: ImportBackupResponse) => void }) {
  const list = useScheduledBackups();
  const restore = useRestoreScheduledBackup();
  const [confirm, setConfirm] = useState<string | null>(null);

  const run = (name: string, importMode: ImportMode) => {
    setConfirm(null);
    restore.mutate(
      { name, importMode },
      {
        onSuccess: (r) => {
          onRestored(r);
          toast({ variant: "success", title: "Backup restored successfully", description: r.message });
        },
        onError: (err) => toast({ variant: "destructive", title: "Restore failed", description: errorMessage(err, "The backup could not be restored.") }),
      },
    );
  };

  const data = list.data;
  const disabled = busy || restore.isPending;
  return (
    <div className="space-y-3 rounded-lg border border-border p-4">
      <div>
        <h3 className="font-medium">Scheduled backups</h3>
        <p className="text-sm text-muted-foreground">
          {data
            ? data.schedule === "off"
              ? "Scheduled backups are off (BACKUP_SCHEDULE)."
              : `The server writes a full backup ${data.schedule === "daily" ? "every day" : data.schedule === "hourly" ? "every hour" : "every week"} and keeps the last ${data.keep}.`
            : "The full backups the server writes on its schedule."}
        </p>
      </div>
      {list.isError && <p className="text-sm text-destructive-text">{errorMessage(list.error, "The backups could not be listed.")}</p>}
      {data && data.backups.length === 0 && <p className="text-sm text-muted-foreground">No scheduled backup yet.</p>}
      {restore.isPending && <OperationProgress fallback="Restoring on the server…" />}
      {data && data.backups.length > 0 && (
        <ul className="divide-y divide-border">
          {data.backups.map((b) => (
            <li key={b.name} className="flex flex-col gap-2 py-2">
              <span className="text-sm">
                <span className="font-medium">{formatDateTime(b.createdAt)}</span> <span className="text-muted-foreground">({mb(b.bytes)})</span>
              </span>
              <span className="flex flex-wrap gap-2">
                <a className={cn(buttonVariants({ variant: "outline", size: "sm" }))} href={scheduledBackupUrl(b.name)} download aria-label={`Download the backup of ${formatDateTime(b.createdAt)}`}>
                  <Download aria-hidden="true" /> Download
                </a>
                <Button size="sm" variant="secondary" aria-label={`Merge this backup of ${formatDateTime(b.createdAt)} into the data`} disabled={disabled} loading={restore.isPending && restore.variables?.name === b.name && restore.variables.importMode === "merge"} onClick={() => run(b.name, "merge")}>
                  Merge
                </Button>
                <Button size="sm" variant="destructive" aria-label={`Overwrite the data with this backup of ${formatDateTime(b.createdAt)}`} disabled={disabled} loading={restore.isPending && restore.variables?.name === b.name && restore.variables.importMode === "overwrite"} onClick={() => setConfirm(b.name)}>
                  Overwrite
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Overwrite all data?"
        description="Every player, team, challenge, match and dispute will be replaced by the contents of this backup. Your admin account stays. This cannot be undone."
        confirmLabel="Overwrite Existing"
        destructive
        onConfirm={() => confirm && run(confirm, "overwrite")}
      />
    </div>
  );
}
