// /profile (SPEC §2 Team Profile): header, captain's edit and delete, details, court performance,
// members, rating history per surface and head-to-head.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocation } from "wouter";
import { useQueryClient } from "@tanstack/react-query";
import { Pencil, Trash2, Crown, User as UserIcon, MapPin, Trophy } from "lucide-react";
import { PREFERRED_SURFACES, SURFACES, SURFACE_LABELS, type Surface } from "@shared/constants";
import { winPercent } from "@shared/rating";
import type { TeamView } from "@shared/types/teams";
import { updateTeamSchema, type UpdateTeamInput } from "@shared/validators/teams";
import { PageHeader } from "@/components/ui/page-header";
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { useUser, userQueryKey } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useTeam } from "../api/get-team";
import { useRatingHistory } from "../api/get-rating-history";
import { useHeadToHead } from "../api/get-head-to-head";
import { useUpdateTeam } from "../api/update-team";
import { useDeleteTeam } from "../api/delete-team";
import { RatingChart } from "../components/rating-chart";
import { surfaceStats } from "../components/team-stats";

const PREFERRED_LABELS: Record<string, string> = { ...SURFACE_LABELS, clay: "Clay" };

export default function ProfilePage() {
  const { data: user } = useUser();
  const teamId = user?.teamId ?? null;
  const team = useTeam(teamId);

  if (!user) return null;
  if (!teamId) {
    return (
      <section>
        <PageHeader title="My Profile" />
        <EmptyState title="You are not on a team" description="Team profiles belong to registered teams." />
      </section>
    );
  }
  if (team.isPending) return <ProfileSkeleton />;
  if (team.isError) {
    return (
      <section>
        <PageHeader title="My Profile" />
        <ErrorState message="Failed to load team profile" detail={errorMessage(team.error)} onRetry={() => void team.refetch()} retrying={team.isFetching} />
      </section>
    );
  }
  const isCaptain = user.isCaptain && user.teamId === team.data.id;
  return <Profile team={team.data} isCaptain={isCaptain} />;
}

function ProfileSkeleton() {
  return (
    <section aria-busy="true" aria-label="Loading team profile" className="space-y-6">
      <Skeleton className="h-28 w-full" />
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </section>
  );
}

function Profile({ team, isCaptain }: { team: TeamView; isCaptain: boolean }) {
  const [editing, setEditing] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  return (
    <section className="space-y-6">
      <h1 className="sr-only">My Profile</h1>
      <ProfileHeader team={team} isCaptain={isCaptain} editing={editing} onEdit={() => setEditing(true)} onDelete={() => setDeleteOpen(true)} />
      {editing ? <EditForm team={team} onDone={() => setEditing(false)} /> : <Details team={team} />}
      <CourtPerformance team={team} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Members team={team} />
        <HeadToHead teamId={team.id} />
      </div>
      <RatingHistory teamId={team.id} />
      {isCaptain && <DeleteTeamDialog team={team} open={deleteOpen} onOpenChange={setDeleteOpen} />}
    </section>
  );
}

function ProfileHeader(props: { team: TeamView; isCaptain: boolean; editing: boolean; onEdit: () => void; onDelete: () => void }) {
  const { team } = props;
  const stats = [
    { label: "Rating", value: String(team.meanRating) },
    { label: "W-L", value: `${team.wins}-${team.losses}` },
    { label: "Win %", value: `${winPercent(team.wins, team.losses)}%` },
    { label: "Rank", value: team.rank === null ? "N/A" : `#${team.rank}` },
  ];
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 pt-5 sm:pt-6 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <Avatar name={team.name} src={team.avatar} size="xl" />
          <div className="min-w-0">
            <p className="truncate text-2xl font-bold tracking-tight" aria-hidden="true">
              {team.name}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{team.competitionType}</Badge>
              {team.inProgress ? <Badge variant="warning">In Progress</Badge> : !team.isApproved && <Badge variant="warning">Pending</Badge>}
            </div>
          </div>
        </div>
        <dl className="grid grid-cols-4 gap-2 text-center md:gap-6">
          {stats.map((s) => (
            <div key={s.label}>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{s.label}</dt>
              <dd className="text-lg font-bold tabular-nums sm:text-xl">{s.value}</dd>
            </div>
          ))}
        </dl>
        {props.isCaptain && !props.editing && (
          <div className="flex gap-2 md:flex-col">
            <Button variant="outline" onClick={props.onEdit} className="flex-1">
              <Pencil aria-hidden="true" /> Edit Profile
            </Button>
            <Button variant="destructive" onClick={props.onDelete} className="flex-1">
              <Trash2 aria-hidden="true" /> Delete Team
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Details({ team }: { team: TeamView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{team.name}</CardTitle>
        <CardDescription>Team details</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-muted-foreground">Bio</dt>
            <dd className="mt-0.5">{team.bio ?? <span className="text-muted-foreground">No bio yet.</span>}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Location</dt>
            <dd className="mt-0.5 inline-flex items-center gap-1">
              <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
              {team.location ?? "Not set"}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Preferred court surface</dt>
            <dd className="mt-0.5">{PREFERRED_LABELS[team.preferredCourtSurface] ?? team.preferredCourtSurface}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Record</dt>
            <dd className="mt-0.5 tabular-nums">
              {team.wins} wins, {team.losses} losses
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Member since</dt>
            <dd className="mt-0.5">{formatDate(team.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function EditForm({ team, onDone }: { team: TeamView; onDone: () => void }) {
  const update = useUpdateTeam(team.id);
  const form = useForm<UpdateTeamInput>({
    resolver: zodResolver(updateTeamSchema),
    defaultValues: {
      name: team.name,
      bio: team.bio ?? "",
      location: team.location ?? "",
      avatar: team.avatar ?? "",
      preferredCourtSurface: team.preferredCourtSurface,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: "Profile Updated", description: "Your team profile has been saved." });
        onDone();
      },
      onError: (err) => toast({ variant: "destructive", title: "Update Failed", description: errorMessage(err, "Could not save the profile.") }),
    });
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Edit Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField label="Team name" required error={errors.name?.message}>
            <Input autoComplete="off" {...form.register("name")} />
          </FormField>
          <FormField label="Location" error={errors.location?.message}>
            <Input {...form.register("location")} />
          </FormField>
          <FormField label="Avatar URL" error={errors.avatar?.message} hint="An http or https image address.">
            <Input type="url" inputMode="url" {...form.register("avatar")} />
          </FormField>
          <FormField label="Preferred court surface" error={errors.preferredCourtSurface?.message}>
            <Select {...form.register("preferredCourtSurface")}>
              {PREFERRED_SURFACES.map((s) => (
                <option key={s} value={s}>
                  {PREFERRED_LABELS[s]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Bio" error={errors.bio?.message} className="sm:col-span-2">
            <Textarea rows={3} {...form.register("bio")} />
          </FormField>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
            <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function CourtPerformance({ team }: { team: TeamView }) {
  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold">Court Performance</h2>
      <div className="grid gap-4 md:grid-cols-3">
        {SURFACES.map((s) => {
          const st = surfaceStats(team, s);
          return (
            <Card key={s}>
              <CardHeader className="pb-2">
                <CardTitle as="h3" className="text-base">
                  {SURFACE_LABELS[s]}
                </CardTitle>
              </CardHeader>
              <CardContent>
                {st.played === 0 ? (
                  <>
                    <p className="text-2xl font-bold tabular-nums">{st.rating}</p>
                    <p className="mt-1 text-sm text-muted-foreground">No matches played yet</p>
                  </>
                ) : (
                  <dl className="grid grid-cols-2 gap-y-2 text-sm">
                    <dt className="text-muted-foreground">Rating</dt>
                    <dd className="text-right text-lg font-bold tabular-nums">{st.rating}</dd>
                    <dt className="text-muted-foreground">W/L</dt>
                    <dd className="text-right tabular-nums">
                      {st.wins}/{st.losses}
                    </dd>
                    <dt className="text-muted-foreground">Win rate</dt>
                    <dd className="text-right tabular-nums">{winPercent(st.wins, st.losses)}%</dd>
                    <dt className="text-muted-foreground">Matches played</dt>
                    <dd className="text-right tabular-nums">{st.played}</dd>
                  </dl>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
    </div>
  );
}

function Members({ team }: { team: TeamView }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Team Members</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {team.members.map((m) => (
            <li key={m.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar name={m.name} src={m.avatar} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="font-medium">{m.name}</p>
                  <Badge variant={m.isCaptain ? "default" : "secondary"}>
                    {m.isCaptain ? <Crown aria-hidden="true" /> : <UserIcon aria-hidden="true" />}
                    {m.isCaptain ? "Team Captain" : "Partner"}
                  </Badge>
                  {!m.isApproved && <Badge variant="warning">Pending</Badge>}
                </div>
                {/* The whole address, wrapped when the phone is narrow (never cut off). */}
                {m.email && <p className="break-all text-sm text-muted-foreground">{m.email}</p>}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function HeadToHead({ teamId }: { teamId: number }) {
  const h2h = useHeadToHead(teamId);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Head-to-Head</CardTitle>
        <CardDescription>Record against each opponent in confirmed matches</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {h2h.isPending ? (
          <div className="space-y-2 px-5 sm:px-6">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : h2h.isError ? (
          <div className="px-5 sm:px-6">
            <ErrorState message="Failed to fetch team matches" onRetry={() => void h2h.refetch()} />
          </div>
        ) : h2h.data.length === 0 ? (
          <div className="px-5 sm:px-6">
            <EmptyState icon={Trophy} title="No matches played yet" />
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-5 sm:pl-6">Opponent</TableHead>
                <TableHead className="text-right">W-L</TableHead>
                <TableHead className="pr-5 text-right sm:pr-6">Last played</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {h2h.data.map((r) => (
                <TableRow key={r.opponentId}>
                  <TableCell className="pl-5 font-medium sm:pl-6">{r.opponentName}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    <span className={r.wins > r.losses ? "text-success-text font-semibold" : r.wins < r.losses ? "text-destructive-text font-semibold" : ""}>
                      {r.wins}-{r.losses}
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap pr-5 text-right text-muted-foreground sm:pr-6">{formatDate(r.lastPlayed)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function RatingHistory({ teamId }: { teamId: number }) {
  const history = useRatingHistory(teamId);
  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold">Rating History</h2>
      {history.isPending ? (
        <div className="grid gap-4 md:grid-cols-3">
          {SURFACES.map((s) => (
            <Skeleton key={s} className="h-44" />
          ))}
        </div>
      ) : history.isError ? (
        <ErrorState message="Failed to fetch team matches" onRetry={() => void history.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          {SURFACES.map((s: Surface) => (
            <Card key={s}>
              <CardHeader className="pb-1">
                <CardTitle as="h3" className="text-base">
                  {SURFACE_LABELS[s]}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <RatingChart points={history.data.filter((p) => p.surface === s)} label={`${SURFACE_LABELS[s]} rating`} />
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

function DeleteTeamDialog({ team, open, onOpenChange }: { team: TeamView; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [reason, setReason] = useState("");
  const del = useDeleteTeam(team.id);
  const queryClient = useQueryClient();
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
            if (result.requiresLogin) {
              queryClient.clear();
              queryClient.setQueryData(userQueryKey, null);
              navigate("/auth", { replace: true });
            } else {
              void queryClient.invalidateQueries();
              navigate("/", { replace: true });
            }
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
