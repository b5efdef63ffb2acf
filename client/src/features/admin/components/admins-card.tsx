// Administrators: who they are (with two-step sign-in or not) and removing one, with confirmation.
// Members are made admins from Manage Teams. The server never removes the last admin.
import { useState } from "react";
import type { AdminAccount } from "@shared/types/admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useAdmins, useDemoteAdmin } from "../api/admins";
import { QueryCard } from "@/components/ui/section-card";

export function AdminsCard() {
  const admins = useAdmins();
  const demote = useDemoteAdmin();
  const [pending, setPending] = useState<AdminAccount | null>(null);
  const list = admins.data ?? [];
  const last = list.length <= 1;

  return (
    <QueryCard
      title="Administrators"
      description="Make a member an admin from Manage Teams. There is always at least one admin."
      query={admins}
      failed="Failed to load administrators"
      skeletonClassName="h-16 w-full"
      after={
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => !open && setPending(null)}
          title={pending?.isSelf ? "Step down as admin?" : `Remove ${pending?.name ?? ""} as admin?`}
          description={
            pending?.isSelf
              ? "You lose access to the admin panel at once. Another admin can make you an admin again."
              : "They keep their account and team, but lose access to the admin panel. They are emailed."
          }
          confirmLabel={pending?.isSelf ? "Step Down" : "Remove Admin"}
          destructive
          pending={demote.isPending}
          onConfirm={() => {
            if (!pending) return;
            demote.mutate(pending.id, {
              onSuccess: (r) => {
                toast({ variant: "success", title: "Admin Removed", description: r.message });
                setPending(null);
              },
              onError: (err) => toast({ variant: "destructive", title: "Demotion Failed", description: errorMessage(err, "Could not remove the admin.") }),
            });
          }}
        />
      }
    >
      {() => (
        <ul className="divide-y divide-border">
          {list.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="font-medium">{a.name}</span>
                  {a.isSelf && <Badge variant="outline">You</Badge>}
                  <Badge variant={a.secondFactor ? "success" : "secondary"}>{a.secondFactor ? "Two-step on" : "Two-step off"}</Badge>
                </div>
                <p className="truncate text-xs text-muted-foreground">
                  {a.username ? `@${a.username}` : "no login"} · {a.email}
                  {a.teamName ? ` · ${a.teamName}` : ""}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={last}
                title={last ? "The last admin cannot be removed" : undefined}
                onClick={() => setPending(a)}
                aria-label={a.isSelf ? "Step down as admin" : `Remove admin: ${a.name}`}
              >
                {a.isSelf ? "Step down" : "Remove admin"}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}
