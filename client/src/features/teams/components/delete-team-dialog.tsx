// The captain's Delete Team confirmation, with an optional reason. The team's end may end the
// caller's session too (then the app goes to /auth, else home).
import { useState } from "react";
import { useLocation } from "wouter";
import type { TeamView } from "@shared/types/teams";
import { ConfirmDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useDeleteTeam } from "../api/delete-team";

export function DeleteTeamDialog({ team, open, onOpenChange }: { team: TeamView; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [reason, setReason] = useState("");
  const del = useDeleteTeam(team.id);
  const [, navigate] = useLocation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Team"
      description={`This removes ${team.name} from the ladder and signs both members out. This cannot be undone by you.`}
      destructive
      confirmLabel="Delete Team"
      pending={del.isPending}
      onConfirm={() =>
        del.mutate(reason, {
          onSuccess: (result) => {
            toast({ title: "Team Deleted", description: `${result.teamName} has been deleted.` });
            onOpenChange(false);
            navigate(result.requiresLogin ? "/auth" : "/", { replace: true });
          },
          onError: (err) => toast({ variant: "destructive", title: "Delete Failed", description: errorMessage(err, "Could not delete the team.") }),
        })
      }
    >
      <FormField label="Reason (optional)">
        <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} />
      </FormField>
    </ConfirmDialog>
  );
}
