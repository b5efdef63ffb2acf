// /teams/{id}: any team's profile, read only (no Edit Profile or Delete Team). Members' emails are
// shown only when the server sends them: to admins and the team's own members. The user's own team
// opens as My Profile (/profile), where its captain can edit it.
import { Redirect, useParams } from "wouter";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiError } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTeam } from "../api/get-team";
import { ProfileNotice, TeamNotLoaded, TeamProfile } from "../components/team-profile";

/** A team id from the address: a positive whole number, else null (answered as not found). */
function teamIdOf(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}

export default function TeamPage() {
  const params = useParams<{ id?: string }>();
  const teamId = teamIdOf(params.id);
  const { data: user } = useUser();
  const team = useTeam(teamId);
  useDocumentTitle(team.data?.name);

  if (!user) return null;
  if (teamId !== null && teamId === user.teamId) return <Redirect to="/profile" replace />;
  const notFound = teamId === null || (team.error instanceof ApiError && team.error.status === 404);
  if (notFound) {
    return (
      <ProfileNotice heading="Team Profile">
        <EmptyState title="Team not found" description="This team does not exist or is no longer on the ladder." />
      </ProfileNotice>
    );
  }
  if (!team.isSuccess) return <TeamNotLoaded team={team} heading="Team Profile" />;
  return <TeamProfile team={team.data} isCaptain={false} heading={team.data.name} />;
}
