// The profile of one team, as /profile (the user's own team) and /teams/{id} (any team) show it:
// header, details, court performance, members, head-to-head and rating history (and on /profile the
// viewer's own availability and calendar feed). Only the own
// team's captain gets Edit Profile and Delete Team; members' emails come from the server only for
// admins and the team's own members (docs/product.md#teams).
import { useState, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { TeamView } from "@shared/types/teams";
import { QueryErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { CourtPerformance } from "./court-performance";
import { DeleteTeamDialog } from "./delete-team-dialog";
import { EditProfileForm } from "./edit-profile-form";
import { HeadToHeadCard } from "./head-to-head-card";
import { ProfileHeader } from "./profile-header";
import { RatingHistory } from "./rating-history";
import { TeamDetails } from "./team-details";
import { TeamMembers } from "./team-members";
import { InvitePartnerCard } from "./invite-partner-card";
import { AvailabilityCard } from "./availability-card";
import { CalendarFeedCard } from "./calendar-feed-card";
import { AwayCard } from "./away-card";

/** A team page that shows a message instead of a team (not on a team, not found, a load error): the page's heading and the message. */
export function ProfileNotice({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <PageHeader title={heading} />
      {children}
    </section>
  );
}

/** A team page while its team loads (the skeleton) or after it failed to (the load error under the page's heading). */
export function TeamNotLoaded({ team, heading }: { team: UseQueryResult<TeamView>; heading: string }) {
  if (team.isPending) return <ProfileSkeleton />;
  return (
    <ProfileNotice heading={heading}>
      <QueryErrorState query={team} message="Failed to load team profile" />
    </ProfileNotice>
  );
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

/** `viewerId`: on /profile (the viewer's own team), the cards that are the viewer's own: availability and calendar feed. */
export function TeamProfile({ team, isCaptain, heading, viewerId }: { team: TeamView; isCaptain: boolean; heading: string; viewerId?: number }) {
  const [editing, setEditing] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  return (
    <section className="space-y-6">
      <h1 className="sr-only">{heading}</h1>
      <ProfileHeader team={team} isCaptain={isCaptain} editing={editing} onEdit={() => setEditing(true)} onDelete={() => setDeleteOpen(true)} />
      {/* The captain's one open task comes first (it was the fifth card on a phone, under the statistics). */}
      {isCaptain && !team.members.some((m) => !m.isCaptain) && <InvitePartnerCard teamId={team.id} />}
      {editing ? <EditProfileForm team={team} onDone={() => setEditing(false)} /> : <TeamDetails team={team} />}
      <CourtPerformance team={team} />
      {isCaptain && team.isApproved && <AwayCard teamId={team.id} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <TeamMembers team={team} />
        <HeadToHeadCard teamId={team.id} />
      </div>
      {viewerId !== undefined && (
        <>
          <AvailabilityCard teamId={team.id} userId={viewerId} />
          <CalendarFeedCard />
        </>
      )}
      <RatingHistory teamId={team.id} />
      {isCaptain && <DeleteTeamDialog team={team} open={deleteOpen} onOpenChange={setDeleteOpen} />}
    </section>
  );
}
