// / (home): the header image, the user's team at a glance, what waits for the user, recent results.
import { Link } from "wouter";
import { ArrowRight, Trophy } from "lucide-react";
import { SURFACES, SURFACE_LABELS } from "@shared/constants";
import { surfaceRating, surfaceRecord, winPercent } from "@shared/rating/read";
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { ClampedText } from "@/components/ui/clamped-text";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { AwaitingApprovalNotice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { greeting, useUser } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useTeam } from "@/features/teams/api/get-team";
import { useRatingHistory } from "@/features/teams/api/get-rating-history";
import { useHeaderImage } from "../api/get-header-image";
import { WaitingCard } from "../components/waiting-card";

export default function HomePage() {
  const { data: user } = useUser();
  if (!user) return null;
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  return (
    <section className="space-y-6">
      <HeaderImage />
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {greeting(user.id)}, {firstName}
        </h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          {user.teamName ? `Here is how ${user.teamName} is doing.` : "Here is what is happening on the ladder."}
        </p>
      </div>
      <AwaitingApprovalNotice user={user} />
      {user.teamId ? <TeamGlance teamId={user.teamId} /> : null}
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <WaitingCard teamId={user.teamId} isAdmin={user.isAdmin} />
        {user.teamId ? <RecentResults teamId={user.teamId} /> : null}
      </div>
    </section>
  );
}

function HeaderImage() {
  const image = useHeaderImage();
  const url = image.data?.url;
  return (
    <div className="relative h-32 overflow-hidden rounded-xl bg-gradient-to-br from-teal-600 via-teal-700 to-slate-800 sm:h-44">
      {url && <img src={url} alt="" className="absolute inset-0 size-full object-cover" />}
      <div className="absolute inset-0 bg-gradient-to-t from-slate-950/60 to-transparent" aria-hidden="true" />
      <p className="absolute bottom-3 left-4 text-lg font-semibold text-white drop-shadow sm:bottom-4 sm:left-6 sm:text-2xl">
        Doubles Ladder
      </p>
    </div>
  );
}

function TeamGlance({ teamId }: { teamId: number }) {
  const team = useTeam(teamId);
  if (team.isPending) return <Skeleton className="h-40 w-full" />;
  if (team.isError)
    return <ErrorState message="Failed to fetch team data" detail={errorMessage(team.error)} onRetry={() => void team.refetch()} />;
  const t = team.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle>{t.name}</CardTitle>
          <CardDescription>{t.competitionType}</CardDescription>
        </div>
        <Link href="/profile" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Team profile <ArrowRight aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Stat label="Rank" value={t.rank === null ? "N/A" : `#${t.rank}`} />
          <Stat label="Record" value={`${t.wins}-${t.losses}`} />
          <Stat label="Win %" value={`${winPercent(t.wins, t.losses)}%`} />
          {SURFACES.map((s) => {
            const { wins, losses } = surfaceRecord(t, s);
            return <Stat key={s} label={SURFACE_LABELS[s]} value={String(surfaceRating(t, s))} sub={`${wins}-${losses}`} />;
          })}
        </dl>
      </CardContent>
    </Card>
  );
}

function Stat({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className="rounded-lg bg-muted/60 px-3 py-2.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground [overflow-wrap:normal]">{label}</dt>
      <dd className="whitespace-nowrap text-xl font-bold tabular-nums">
        {value}
        {sub && <span className="block text-xs font-medium text-muted-foreground">{sub} W-L</span>}
      </dd>
    </div>
  );
}

function RecentResults({ teamId }: { teamId: number }) {
  const history = useRatingHistory(teamId);
  const recent = history.data ? [...history.data].reverse().slice(0, 5) : [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle>Recent results</CardTitle>
          <CardDescription>Your team's latest confirmed matches</CardDescription>
        </div>
        <Link href="/history" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Match History
        </Link>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : history.isError ? (
          <ErrorState message="Failed to load match history" onRetry={() => void history.refetch()} />
        ) : recent.length === 0 ? (
          <EmptyState icon={Trophy} title="No matches found" description="Challenge a team to play your first match." />
        ) : (
          <ul className="divide-y divide-border">
            {recent.map((m) => {
              const delta = m.prevRating !== null && m.newRating !== null ? m.newRating - m.prevRating : null;
              return (
                <li key={m.matchId} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                  <Badge variant={m.won ? "success" : "destructive"} className="w-7 justify-center">
                    {m.won ? "W" : "L"}
                  </Badge>
                  <div className="min-w-0 flex-1">
                    <ClampedText as="p" lines={2} className="font-medium">{`vs ${m.opponentName}`}</ClampedText>
                    <p className="text-xs text-muted-foreground">
                      {formatDate(m.date)} · {SURFACE_LABELS[m.surface]}
                    </p>
                  </div>
                  {delta !== null && (
                    <span className={cn("text-sm font-semibold tabular-nums", delta >= 0 ? "text-success-text" : "text-destructive-text")}>
                      {delta >= 0 ? `+${delta}` : delta}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
