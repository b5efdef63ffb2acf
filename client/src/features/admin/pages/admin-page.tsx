// /admin: the admin panel (lazy-loaded into its own chunk by the router). Non-admins see Access Denied.
import { ShieldAlert } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { useUser } from "@/lib/auth";
import { HeaderImageCard } from "../components/header-image-card";
import { PendingUsersCard } from "../components/pending-users-card";
import { DataManagementCard } from "../components/data-management-card";
import { StatsCards } from "../components/stats-cards";
import { ManageTeamsCard } from "../components/manage-teams-card";
import { DisputesCard } from "../components/disputes-card";
import { RecentMatchesCard } from "../components/recent-matches-card";
import { DangerZoneCard } from "../components/danger-zone-card";
import { TwoStepCard } from "../components/two-step-card";
import { AdminsCard } from "../components/admins-card";
import { SystemSettingsCard } from "../components/system-settings-card";
import { MailDeliveryCard } from "../components/mail-delivery-card";
import { ClubRulesCard } from "../components/club-rules-card";
import { RatingModelCard } from "../components/rating-model-card";
import { SeasonsCard } from "../components/seasons-card";

export default function AdminPage() {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (!user?.isAdmin) {
    return (
      <div role="alert" className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 rounded-xl border border-destructive-border bg-destructive-soft p-6 text-center">
        <ShieldAlert className="size-8 text-destructive-text" aria-hidden="true" />
        <p className="font-medium text-destructive-text">Access Denied: You need admin privileges to access this page.</p>
      </div>
    );
  }
  if (user.secondFactor === "enrolment_required") {
    // The server opens the rest of the panel once two-step sign-in is on.
    return (
      <div className="space-y-6">
        <PageHeader title="Admin Panel" description="Set up two-step sign-in to continue." />
        <TwoStepCard mustEnrol />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PageHeader title="Admin Panel" description="Approve players, moderate teams, resolve disputes and look after the club's data." />
      <StatsCards />
      <PendingUsersCard />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="grid gap-6">
          <HeaderImageCard />
          <SystemSettingsCard />
        </div>
        <DataManagementCard />
      </div>
      <ClubRulesCard />
      <RatingModelCard />
      <SeasonsCard />
      <ManageTeamsCard />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <DisputesCard />
        <RecentMatchesCard />
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <TwoStepCard />
        <AdminsCard />
      </div>
      <MailDeliveryCard />
      <DangerZoneCard />
    </div>
  );
}
