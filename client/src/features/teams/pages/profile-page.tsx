// /profile (the signed-in user's team): header, captain's edit and delete, details, court
// performance, members, head-to-head and rating history per surface. Each part is a component in
// ../components.
import { useState } from "react";
import type { TeamView } from "@shared/types/teams";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { useTeam } from "../api/get-team";
import { CourtPerformance } from "../components/court-performance";
import { DeleteTeamDialog } from "../components/delete-team-dialog";
import { EditProfileForm } from "../components/edit-profile-form";
import { HeadToHeadCard } from "../components/head-to-head-card";
import { ProfileHeader } from "../components/profile-header";
import { RatingHistory } from "../components/rating-history";
import { TeamDetails } from "../components/team-details";
import { TeamMembers } from "../components/team-members";
import { InvitePartnerCard } from "../components/invite-partner-card";

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
      {editing ? <EditProfileForm team={team} onDone={() => setEditing(false)} /> : <TeamDetails team={team} />}
      <CourtPerformance team={team} />
      {isCaptain && !team.members.some((m) => !m.isCaptain) && <InvitePartnerCard teamId={team.id} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <TeamMembers team={team} />
        <HeadToHeadCard teamId={team.id} />
      </div>
      <RatingHistory teamId={team.id} />
      {isCaptain && <DeleteTeamDialog team={team} open={deleteOpen} onOpenChange={setDeleteOpen} />}
    </section>
  );
}
