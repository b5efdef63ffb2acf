// Pending registrations: shown only when any exist. Approving a captain approves the team and its partner.
import { UserCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ClampedText } from "@/components/ui/clamped-text";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { usePendingUsers } from "../api/get-pending-users";
import { useApproveUser } from "../api/approve-user";

export function PendingUsersCard() {
  const pending = usePendingUsers();
  const approve = useApproveUser();
  const users = pending.data?.items ?? [];
  if (pending.isError) {
    return (
      <Card>
        <CardContent className="pt-5 text-sm text-destructive-text" role="alert">
          Failed to load pending registrations: {errorMessage(pending.error)}
        </CardContent>
      </Card>
    );
  }
  if (users.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending User Registrations</CardTitle>
        <CardDescription>
          {pending.data!.total} {pending.data!.total === 1 ? "registration is" : "registrations are"} waiting for approval.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="pl-5 sm:pl-6">User</TableHead>
              <TableHead className="hidden md:table-cell">Email</TableHead>
              <TableHead className="hidden sm:table-cell">Joined</TableHead>
              <TableHead className="pr-5 text-right sm:pr-6">Action</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((u) => (
              <TableRow key={u.id}>
                <TableCell className="pl-5 sm:pl-6">
                  <ClampedText as="div" lines={2} className="font-medium">
                    {u.name}
                  </ClampedText>
                  <ClampedText as="div" lines={1} className="text-xs text-muted-foreground">
                    {u.username ? `@${u.username}` : "no login yet"}
                  </ClampedText>
                  {u.teamName && (
                    <ClampedText as="div" lines={1} className="text-xs text-muted-foreground">
                      {u.teamName}
                    </ClampedText>
                  )}
                  <div className="mt-1 flex flex-wrap items-center gap-1">
                    <Badge variant="secondary">{u.isCaptain ? "Captain" : u.isPartner ? "Partner" : "Player"}</Badge>
                    {!u.isEmailVerified && <Badge variant="warning">Email not verified</Badge>}
                  </div>
                  {/* Phones: the email and the date under the name (their columns are hidden). */}
                  <ClampedText as="div" lines={1} className="text-xs text-muted-foreground md:hidden">
                    {u.email}
                  </ClampedText>
                  <div className="text-xs text-muted-foreground sm:hidden">Joined {formatDate(u.joinedAt)}</div>
                </TableCell>
                <TableCell className="hidden max-w-64 md:table-cell">
                  <ClampedText lines={2}>{u.email}</ClampedText>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">{formatDate(u.joinedAt)}</TableCell>
                <TableCell className="pr-5 text-right sm:pr-6">
                  <Button
                    size="sm"
                    loading={approve.isPending && approve.variables === u.id}
                    disabled={approve.isPending}
                    aria-label={`Approve ${u.name}`}
                    onClick={() =>
                      approve.mutate(u.id, {
                        onSuccess: (r) => toast({ variant: "success", title: "User Approved", description: r.message }),
                        onError: (err) => toast({ variant: "destructive", title: "Error", description: errorMessage(err, "Could not approve the user.") }),
                      })
                    }
                  >
                    <UserCheck className="max-sm:hidden" aria-hidden="true" /> Approve
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
