// Data management and backup: users CSV, full JSON backup (downloads), and restore from a JSON file
// with Merge Data or Overwrite Existing, with progress while it runs and the counts when done.
import { useRef, useState } from "react";
import { Database, Download, FileJson, FileSpreadsheet, Upload } from "lucide-react";
import type { ImportBackupResponse, ImportMode } from "@shared/types/admin";
import { INVALID_BACKUP_FILE } from "@shared/validators/admin";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { EXPORT_BACKUP_URL, EXPORT_USERS_URL } from "../api/data-actions";
import { useImportBackup, type ImportProgress } from "../api/import-backup";
import { OperationProgress, ProgressBar } from "./restore-progress";
import { ScheduledBackups } from "./scheduled-backups";

interface LoadedFile {
  name: string;
  size: number;
  /** Sent as it is (the server reads it as a stream); parsed here only to check it and count rows. */
  file: File;
  counts: { users?: number; teams?: number; matches?: number };
}

type Stage = { kind: "idle" } | { kind: "reading"; fraction: number } | { kind: "import"; progress: ImportProgress };

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

function readText(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsText(file);
  });
}

function countsOf(data: unknown): LoadedFile["counts"] {
  const tables = (data as { tables?: Record<string, unknown> } | null)?.tables;
  const len = (v: unknown) => (Array.isArray(v) ? v.length : undefined);
  return { users: len(tables?.users), teams: len(tables?.teams), matches: len(tables?.matches) };
}

const RESULT_LABELS: [keyof ImportBackupResponse["results"], string][] = [
  ["users_imported", "Users"],
  ["teams_imported", "Teams"],
  ["challenges_imported", "Challenges"],
  ["matches_imported", "Matches"],
  ["disputes_imported", "Disputes"],
  ["settings_imported", "Settings"],
];

export function DataManagementCard() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [result, setResult] = useState<ImportBackupResponse | null>(null);
  const [confirmOverwrite, setConfirmOverwrite] = useState(false);
  const importBackup = useImportBackup((progress) => setStage({ kind: "import", progress }));
  const busy = stage.kind !== "idle";

  const invalid = () => {
    toast({ variant: "destructive", title: "Invalid file", description: INVALID_BACKUP_FILE });
    setFile(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  const onPick = async (picked: File | undefined) => {
    setResult(null);
    if (!picked) return;
    // Judged by content (a saved download may have lost its .json name): it must parse as a JSON object.
    setStage({ kind: "reading", fraction: 0 });
    try {
      const text = await readText(picked, (fraction) => setStage({ kind: "reading", fraction }));
      const data: unknown = JSON.parse(text);
      if (typeof data !== "object" || data === null || Array.isArray(data)) return invalid();
      setFile({ name: picked.name, size: picked.size, file: picked, counts: countsOf(data) });
    } catch {
      invalid();
    } finally {
      setStage({ kind: "idle" });
    }
  };

  const restore = (importMode: ImportMode) => {
    if (!file) return;
    setConfirmOverwrite(false);
    setStage({ kind: "import", progress: { phase: "uploading", fraction: 0 } });
    importBackup.mutate(
      { file: file.file, importMode },
      {
        onSuccess: (r) => {
          setResult(r);
          setFile(null);
          if (inputRef.current) inputRef.current.value = "";
          toast({ variant: "success", title: "Backup restored successfully", description: r.message });
        },
        onError: (err) => toast({ variant: "destructive", title: "Restore failed", description: errorMessage(err, "The backup could not be restored.") }),
        onSettled: () => setStage({ kind: "idle" }),
      },
    );
  };

  const link = cn(buttonVariants({ variant: "outline" }), "w-full justify-start sm:w-auto");

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Database className="size-5 text-primary-text" aria-hidden="true" /> Data Management &amp; Backup
        </CardTitle>
        <CardDescription>Download the players list or a full backup, or restore the club from a backup file.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <a className={link} href={EXPORT_USERS_URL} download>
            <FileSpreadsheet aria-hidden="true" /> Export Users (CSV)
          </a>
          <a className={link} href={EXPORT_BACKUP_URL} download>
            <Download aria-hidden="true" /> Full Backup (JSON)
          </a>
        </div>

        <div className="space-y-3 rounded-lg border border-border p-4">
          <div>
            <h3 className="font-medium">Restore from backup</h3>
            <p className="text-sm text-muted-foreground">
              Merge Data matches people by username or email and adds or updates the rest; Overwrite Existing replaces all players, teams and
              matches (your admin account stays). Admin rights never change.
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              ref={inputRef}
              id="backup-file"
              type="file"
              accept=".json,application/json"
              className="peer sr-only"
              disabled={busy}
              onChange={(e) => void onPick(e.target.files?.[0])}
            />
            <label htmlFor="backup-file" className={cn(buttonVariants({ variant: "secondary" }), "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-ring", busy && "pointer-events-none opacity-60")}>
              <Upload aria-hidden="true" /> Choose JSON file
            </label>
            {file ? (
              <span className="flex min-w-0 items-center gap-1.5 text-sm">
                <FileJson className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="truncate font-medium" title={file.name}>{file.name}</span>
                <span className="shrink-0 text-muted-foreground">({kb(file.size)})</span>
              </span>
            ) : (
              <span className="text-sm text-muted-foreground">No file selected</span>
            )}
          </div>
          {file && (
            <p className="text-sm text-muted-foreground">
              This file holds {file.counts.users ?? "?"} users, {file.counts.teams ?? "?"} teams and {file.counts.matches ?? "?"} matches.
            </p>
          )}
          {stage.kind === "reading" && <ProgressBar fraction={stage.fraction} label="Reading the file…" />}
          {stage.kind === "import" && stage.progress.phase === "uploading" && (
            <ProgressBar fraction={stage.progress.fraction} label="Uploading the backup…" />
          )}
          {stage.kind === "import" && stage.progress.phase === "restoring" && <OperationProgress fallback="Restoring on the server…" />}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button disabled={!file || busy} loading={busy && importBackup.variables?.importMode === "merge"} onClick={() => restore("merge")}>
              Merge Data
            </Button>
            <Button
              variant="destructive"
              disabled={!file || busy}
              loading={busy && importBackup.variables?.importMode === "overwrite"}
              onClick={() => setConfirmOverwrite(true)}
            >
              Overwrite Existing
            </Button>
          </div>
          {result && (
            <div className="rounded-md border border-success-border bg-success-soft p-3 text-sm text-success-text" role="status">
              <p className="font-medium">{result.message}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
                {RESULT_LABELS.map(([key, label]) => (
                  <div key={key} className="flex justify-between gap-2">
                    <dt>{label}</dt>
                    <dd className="font-semibold tabular-nums">{result.results[key]}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        </div>
        <ScheduledBackups busy={busy} onRestored={setResult} />
      </CardContent>
      <ConfirmDialog
        open={confirmOverwrite}
        onOpenChange={setConfirmOverwrite}
        title="Overwrite all data?"
        description="Every player, team, challenge, match and dispute will be replaced by the contents of this backup. Your admin account stays. This cannot be undone."
        confirmLabel="Overwrite Existing"
        destructive
        onConfirm={() => restore("overwrite")}
      />
    </Card>
  );
}
