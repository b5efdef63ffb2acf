// The three stat cards: Total Players (+ joined in the last 30 days), Active Challenges, Open Disputes.
import { Swords, TriangleAlert, Users } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { useAdminStats } from "../api/get-admin-stats";

function StatCard({ label, value, note, icon: Icon, loading }: { label: string; value?: number; note?: string; icon: LucideIcon; loading: boolean }) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 px-3 pt-4 pb-4 sm:px-6 sm:pt-6 sm:pb-6">
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
          {loading ? <Skeleton className="mt-2 h-8 w-16" /> : <p className="mt-1 whitespace-nowrap text-2xl font-bold tabular-nums sm:text-3xl">{value ?? "—"}</p>}
          {note && <p className="mt-1 text-[11px] leading-tight text-muted-foreground sm:text-xs">{note}</p>}
        </div>
        <span className="hidden rounded-lg bg-primary-soft p-2 text-primary-text sm:block">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </CardContent>
    </Card>
  );
}

export function StatsCards() {
  const stats = useAdminStats();
  const s = stats.data;
  const loading = stats.isPending;
  return (
    <section aria-label="Statistics" className="space-y-2">
      <div className="grid grid-cols-1 gap-2 min-[380px]:grid-cols-3 sm:gap-4">
        <StatCard
          label="Total Players"
          value={s?.totalPlayers}
          note={s ? `+${s.newPlayers} joined in last ${formatCount(s.newPlayersWindowDays, "day")}` : undefined}
          icon={Users}
          loading={loading}
        />
        <StatCard label="Active Challenges" value={s?.activeChallenges} note="Pending or accepted" icon={Swords} loading={loading} />
        <StatCard label="Open Disputes" value={s?.openDisputes} note="Awaiting review" icon={TriangleAlert} loading={loading} />
      </div>
      {stats.isError && (
        <p className="text-sm text-destructive-text" role="alert">
          Failed to load statistics: {errorMessage(stats.error)}
        </p>
      )}
    </section>
  );
}
