// Manage Teams: search by team name, member name or username; per-team and per-member actions.
import { useEffect, useState } from "react";
import { Search } from "lucide-react";
import type { AdminTeam, AdminTeamMember } from "@shared/types/admin";
import { DELETION_REASON_REQUIRED, SUSPENSION_REASON_REQUIRED } from "@shared/validators/admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ClampedText } from "@/components/ui/clamped-text";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { Pager } from "@/components/ui/pager";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatRecord } from "@/lib/format";
import { useAdminTeams } from "../api/get-admin-teams";
import { usePermanentDeleteTeam, useRestoreTeam, useSoftDeleteTeam } from "../api/team-actions";
import { useDeleteUser, useResendInvite, useSuspendUser, useUnsuspendUser } from "../api/user-actions";
import { usePromoteUser } from "../api/admins";
import { ReasonDialog } from "./reason-dialog";

type Pending =
  | { kind: "delete-team"; team: AdminTeam }
  | { kind: "purge-team"; team: AdminTeam }
  | { kind: "suspend"; member: AdminTeamMember }
  | { kind: "delete-user"; member: AdminTeamMember }
  | { kind: "promote"; member: AdminTeamMember }
  | null;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

export function ManageTeamsCard() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim(), 300);
  const teams = useAdminTeams(term, page);
  const [pending, setPending] = useState<Pending>(null);

  const softDelete = useSoftDeleteTeam();
  const restore = useRestoreTeam();
  const purge = usePermanentDeleteTeam();
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const deleteUser = useDeleteUser();
  const promote = usePromoteUser();
  const close = () => setPending(null);

  const data = teams.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Manage Teams</CardTitle>
        <CardDescription>Deleted teams are listed too, so they can be restored or removed for good.</CardDescription>
        <div className="relative mt-2">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search teams"
            placeholder="Search by team name, member name or username"
            className="pl-9"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {teams.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-28 w-full" />)
        ) : teams.isError ? (
          <QueryErrorState query={teams} message="Failed to load teams" />
        ) : data!.items.length === 0 ? (
          <EmptyState title={term ? `No teams match "${term}"` : "No teams yet"} description={term ? "Try another name or username." : undefined} />
        ) : (
          <ul className="grid gap-3 xl:grid-cols-2" aria-busy={teams.isFetching}>
            {data!.items.map((team) => (
              <TeamItem
                key={team.id}
                team={team}
                busy={restore.isPending && restore.variables === team.id}
                unsuspending={unsuspend.isPending ? unsuspend.variables : undefined}
                onDelete={() => setPending({ kind: "delete-team", team })}
                onPurge={() => setPending({ kind: "purge-team", team })}
                onRestore={() =>
                  restore.mutate(team.id, {
                    onSuccess: (r) => toast({ variant: "success", title: "Team Restored", description: `${r.teamName} is back on the ladder. Its members were emailed.` }),
                    onError: (err) => toast({ variant: "destructive", title: "Restore Failed", description: errorMessage(err, "Could not restore the team.") }),
                  })
                }
                onSuspend={(member) => setPending({ kind: "suspend", member })}
                onUnsuspend={(member) =>
                  unsuspend.mutate(member.id, {
                    onSuccess: (r) => toast({ variant: "success", title: "User Unsuspended", description: r.message }),
                    onError: (err) => toast({ variant: "destructive", title: "Unsuspension Failed", description: errorMessage(err, "Could not lift the suspension.") }),
                  })
                }
                onDeleteUser={(member) => setPending({ kind: "delete-user", member })}
                onPromote={(member) => setPending({ kind: "promote", member })}
              />
            ))}
          </ul>
        )}
        {data && <Pager of={data} onPageChange={setPage} label="Teams pages" noun="team" />}
      </CardContent>

      <ReasonDialog
        open={pending?.kind === "delete-team"}
        onOpenChange={(open) => !open && close()}
        title={pending?.kind === "delete-team" ? `Delete ${pending.team.name}?` : "Delete team"}
        description="The team leaves the ladder, its open challenges are canceled and its members are signed out and emailed. You can restore it later."
        label="Reason for deletion"
        requiredMessage={DELETION_REASON_REQUIRED}
        confirmLabel="Delete Team"
        pending={softDelete.isPending}
        onConfirm={(reason) => {
          if (pending?.kind !== "delete-team") return;
          softDelete.mutate(
            { teamId: pending.team.id, reason },
            {
              onSuccess: (r) => {
                toast({ variant: "success", title: "Team Deleted", description: `${r.teamName} has been deleted. Its members were emailed.` });
                close();
              },
              onError: (err) => toast({ variant: "destructive", title: "Delete Failed", description: errorMessage(err, "Could not delete the team.") }),
            },
          );
        }}
      />
      <ReasonDialog
        open={pending?.kind === "suspend"}
        onOpenChange={(open) => !open && close()}
        title={pending?.kind === "suspend" ? `Suspend ${pending.member.name}?` : "Suspend user"}
        description="They are signed out at once, cannot sign in while suspended, and get an email with the reason."
        label="Reason for suspension"
        requiredMessage={SUSPENSION_REASON_REQUIRED}
        confirmLabel="Suspend"
        pending={suspend.isPending}
        onConfirm={(reason) => {
          if (pending?.kind !== "suspend") return;
          suspend.mutate(
            { userId: pending.member.id, reason },
            {
              onSuccess: (r) => {
                toast({ variant: "success", title: "User Suspended", description: r.message });
                close();
              },
              onError: (err) => toast({ variant: "destructive", title: "Suspension Failed", description: errorMessage(err, "Could not suspend the user.") }),
            },
          );
        }}
      />
      <ConfirmDialog
        open={pending?.kind === "purge-team"}
        onOpenChange={(open) => !open && close()}
        title={pending?.kind === "purge-team" ? `Permanently delete ${pending.team.name}?` : "Permanently delete team"}
        description="The team, its members' accounts, its challenges and its matches are removed for good. This cannot be undone."
        confirmLabel="Delete Permanently"
        destructive
        pending={purge.isPending}
        onConfirm={() => {
          if (pending?.kind !== "purge-team") return;
          purge.mutate(pending.team.id, {
            onSuccess: (r) => {
              toast({ variant: "success", title: "Team Deleted", description: `${r.teamName} has been permanently deleted.` });
              close();
            },
            onError: (err) => toast({ variant: "destructive", title: "Permanent Delete Failed", description: errorMessage(err, "Could not delete the team.") }),
          });
        }}
      />
      <ConfirmDialog
        open={pending?.kind === "delete-user"}
        onOpenChange={(open) => !open && close()}
        title={pending?.kind === "delete-user" ? `Delete ${pending.member.name}'s account?` : "Delete user"}
        description="The account is removed and signed out. Their matches stay in the history. If they captain a team, their partner becomes captain."
        confirmLabel="Delete User"
        destructive
        pending={deleteUser.isPending}
        onConfirm={() => {
          if (pending?.kind !== "delete-user") return;
          deleteUser.mutate(pending.member.id, {
            onSuccess: (r) => {
              toast({ variant: "success", title: "User Deleted", description: r.message });
              close();
            },
            onError: (err) => toast({ variant: "destructive", title: "Failed to Delete User", description: errorMessage(err, "Could not delete the user.") }),
          });
        }}
      />
      <ConfirmDialog
        open={pending?.kind === "promote"}
        onOpenChange={(open) => !open && close()}
        title={pending?.kind === "promote" ? `Make ${pending.member.name} an admin?` : "Make admin"}
        description="They get the whole admin panel: approving players, deleting teams, backups and making or removing admins. They are emailed."
        confirmLabel="Make Admin"
        pending={promote.isPending}
        onConfirm={() => {
          if (pending?.kind !== "promote") return;
          promote.mutate(pending.member.id, {
            onSuccess: (r) => {
              toast({ variant: "success", title: "Admin Added", description: r.message });
              close();
            },
            onError: (err) => toast({ variant: "destructive", title: "Promotion Failed", description: errorMessage(err, "Could not make them an admin.") }),
          });
        }}
      />
    </Card>
  );
}

interface TeamItemProps {
  team: AdminTeam;
  busy: boolean;
  unsuspending: number | undefined;
  onDelete: () => void;
  onPurge: () => void;
  onRestore: () => void;
  onSuspend: (m: AdminTeamMember) => void;
  onUnsuspend: (m: AdminTeamMember) => void;
  onDeleteUser: (m: AdminTeamMember) => void;
  onPromote: (m: AdminTeamMember) => void;
}

/** A partner without a login: a new invitation link by mail (older links stop working). */
function ResendInviteButton({ member }: { member: AdminTeamMember }) {
  const resend = useResendInvite();
  return (
    <Button
      size="sm"
      variant="outline"
      loading={resend.isPending}
      aria-label={`Resend invitation to ${member.name}`}
      onClick={() =>
        resend.mutate(member.id, {
          onSuccess: (r) => toast({ variant: "success", title: "Invitation Sent", description: r.message }),
          onError: (err) => toast({ variant: "destructive", title: "Failed to Resend Invitation", description: errorMessage(err) }),
        })
      }
    >
      Resend invitation
    </Button>
  );
}

function TeamItem({ team, busy, unsuspending, onDelete, onPurge, onRestore, onSuspend, onUnsuspend, onDeleteUser, onPromote }: TeamItemProps) {
  const deleted = team.deletedAt !== null;
  const anySuspended = team.members.some((m) => m.isSuspended);
  return (
    <li className={deleted ? "rounded-lg border border-destructive-border bg-destructive-soft/40 p-4" : "rounded-lg border border-border p-4"}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <ClampedText as="h3" className="font-semibold">
              {team.name}
            </ClampedText>
            {deleted && <Badge variant="destructive">TEAM DELETED</Badge>}
            {anySuspended && <Badge variant="warning">MEMBER SUSPENDED</Badge>}
            {!team.isApproved && <Badge variant="secondary">Pending</Badge>}
            {team.isOwnTeam && <Badge variant="outline">Your team</Badge>}
          </div>
          <p className="text-xs text-muted-foreground">
            {team.competitionType} · Rating {team.rating} · Record {formatRecord(team.wins, team.losses)} · Since {formatDate(team.createdAt)}
          </p>
          {deleted && (
            <p className="text-xs text-destructive-text">
              Deleted {formatDate(team.deletedAt)}
              {team.deletionReason ? ` — ${team.deletionReason}` : ""}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {team.isOwnTeam ? (
            <span className="text-xs text-muted-foreground">Your own team can't be deleted or restored.</span>
          ) : deleted ? (
            <>
              <Button size="sm" variant="outline" loading={busy} onClick={onRestore}>
                Restore
              </Button>
              <Button size="sm" variant="destructive" onClick={onPurge}>
                Delete Permanently
              </Button>
            </>
          ) : (
            <Button size="sm" variant="destructive" onClick={onDelete}>
              Delete Team
            </Button>
          )}
        </div>
      </div>
      {team.members.length > 0 && (
        <ul className="mt-3 divide-y divide-border border-t border-border">
          {team.members.map((m) => (
            <li key={m.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <div className="flex flex-wrap items-center gap-1.5">
                  <ClampedText className="font-medium">{m.name}</ClampedText>
                  <Badge variant="secondary">{m.isCaptain ? "Captain" : "Partner"}</Badge>
                  {m.isSuspended && <Badge variant="destructive">Suspended</Badge>}
                  {!m.isApproved && <Badge variant="outline">Not approved</Badge>}
                  {m.isAdmin && <Badge variant="default">Admin</Badge>}
                </div>
                <p className="text-xs text-muted-foreground">
                  {m.username ? `@${m.username}` : "no login yet"} · {m.email}
                </p>
                {m.isSuspended && m.suspensionReason && <p className="text-xs text-destructive-text">Reason: {m.suspensionReason}</p>}
              </div>
              {!m.isAdmin && (
                <div className="flex shrink-0 flex-wrap gap-2">
                  {!m.username && m.isPartner && !deleted && <ResendInviteButton member={m} />}
                  {m.username && m.isApproved && !m.isSuspended && !deleted && (
                    <Button size="sm" variant="outline" onClick={() => onPromote(m)} aria-label={`Make admin: ${m.name}`}>
                      Make admin
                    </Button>
                  )}
                  {m.isSuspended ? (
                    <Button size="sm" variant="outline" loading={unsuspending === m.id} onClick={() => onUnsuspend(m)} aria-label={`Unsuspend ${m.name}`}>
                      Unsuspend
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" onClick={() => onSuspend(m)} aria-label={`Suspend ${m.name}`}>
                      Suspend
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" className="text-destructive-text" onClick={() => onDeleteUser(m)} aria-label={`Delete ${m.name}`}>
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
