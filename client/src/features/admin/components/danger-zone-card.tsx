// Danger zone: Purge Confirmed Matches, and Reset All Player & Team Data (each behind a confirmation).
import { useState } from "react";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { usePurgeConfirmedMatches, useResetData } from "../api/data-actions";
import { OperationProgress } from "./restore-progress";

export function DangerZoneCard() {
  const purge = usePurgeConfirmedMatches();
  const reset = useResetData();
  const [confirm, setConfirm] = useState<"purge" | "reset" | null>(null);

  return (
    <Card className="border-destructive-border">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive-text">
          <TriangleAlert className="size-5" aria-hidden="true" /> Danger Zone
        </CardTitle>
        <CardDescription>These actions cannot be undone. Download a full backup first.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-medium">Purge Confirmed Matches</h3>
            <p className="text-sm text-muted-foreground">Deletes confirmed match records and their disputes. Ratings and records stay.</p>
          </div>
          <Button variant="destructive" className="shrink-0" loading={purge.isPending} onClick={() => setConfirm("purge")}>
            Purge Confirmed Matches
          </Button>
        </div>
        <div className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-medium">Reset All Player &amp; Team Data</h3>
            <p className="text-sm text-muted-foreground">Removes every player, team, challenge, match and dispute. Your admin account stays.</p>
          </div>
          <Button variant="destructive" className="shrink-0" loading={reset.isPending} onClick={() => setConfirm("reset")}>
            Reset All Player &amp; Team Data
          </Button>
        </div>
        {reset.isPending && <OperationProgress fallback="Resetting on the server…" />}
      </CardContent>
      <ConfirmDialog
        open={confirm === "purge"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Purge confirmed matches?"
        description="All confirmed match records and their disputes will be deleted. Team ratings and records are kept."
        confirmLabel="Purge Matches"
        destructive
        pending={purge.isPending}
        onConfirm={() =>
          purge.mutate(undefined, {
            onSuccess: (r) => {
              toast({ variant: "success", title: "Matches Purged Successfully", description: r.message });
              setConfirm(null);
            },
            onError: (err) => toast({ variant: "destructive", title: "Purge Failed", description: errorMessage(err, "Could not purge matches.") }),
          })
        }
      />
      <ConfirmDialog
        open={confirm === "reset"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Reset all player and team data?"
        description="Every player account (other admins included), team, challenge, match and dispute will be permanently deleted, and everyone else is signed out. Only your admin account remains. This cannot be undone."
        confirmLabel="Yes, reset everything"
        destructive
        pending={reset.isPending}
        onConfirm={() => {
          // The dialog closes at once: the card shows the reset's progress until it ends.
          setConfirm(null);
          reset.mutate(undefined, {
            onSuccess: (r) => toast({ variant: "success", title: "Data Reset Complete", description: r.message }),
            onError: (err) => toast({ variant: "destructive", title: "Failed to Reset Data", description: errorMessage(err, "Could not reset the data.") }),
          });
        }}
      />
    </Card>
  );
}
