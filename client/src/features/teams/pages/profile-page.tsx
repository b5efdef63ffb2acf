// /profile (the signed-in user's team): the team's profile (../components/team-profile.tsx) with
// the captain's Edit Profile and Delete Team, and the member's own Notifications (email switches).
import { EmptyState } from "@/components/ui/empty-state";
import { useUser } from "@/lib/auth";
import { useTeam } from "../api/get-team";
import { ProfileNotice, TeamNotLoaded, TeamProfile } from "../components/team-profile";
import { NotificationSettingsCard } from "../components/notification-settings-card";

export default function ProfilePage() {
  const { data: user } = useUser();
  const teamId = user?.teamId ?? null;
  const team = useTeam(teamId);

  if (!user) return null;
  if (!teamId) {
    return (
      <ProfileNotice heading="My Profile">
        <EmptyState title="You are not on a team" description="Team profiles belong to registered teams." />
        <div className="mt-6">
          <NotificationSettingsCard isAdmin={user.isAdmin} />
        </div>
      </ProfileNotice>
    );
  }
  if (!team.isSuccess) return <TeamNotLoaded team={team} heading="My Profile" />;
  const isCaptain = user.isCaptain && user.teamId === team.data.id;
  return (
    <div className="space-y-6">
      <TeamProfile team={team.data} isCaptain={isCaptain} heading="My Profile" viewerId={user.id} />
      <NotificationSettingsCard isAdmin={user.isAdmin} />
    </div>
  );
}
