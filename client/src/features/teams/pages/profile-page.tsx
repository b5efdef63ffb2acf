// /profile (the signed-in user's team): the team's profile (../components/team-profile.tsx) with
// the captain's Edit Profile and Delete Team, and the member's own Notifications (email switches).
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { useUser } from "@/lib/auth";
import { useTeam } from "../api/get-team";
import { ProfileSkeleton, TeamProfile } from "../components/team-profile";
import { NotificationSettingsCard } from "../components/notification-settings-card";

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
        <div className="mt-6">
          <NotificationSettingsCard isAdmin={user.isAdmin} />
        </div>
      </section>
    );
  }
  if (team.isPending) return <ProfileSkeleton />;
  if (team.isError) {
    return (
      <section>
        <PageHeader title="My Profile" />
        <QueryErrorState query={team} message="Failed to load team profile" />
      </section>
    );
  }
  const isCaptain = user.isCaptain && user.teamId === team.data.id;
  return (
    <div className="space-y-6">
      <TeamProfile team={team.data} isCaptain={isCaptain} heading="My Profile" viewerId={user.id} />
      <NotificationSettingsCard isAdmin={user.isAdmin} />
    </div>
  );
}
