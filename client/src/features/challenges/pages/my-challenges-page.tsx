// /challenges (docs/product.md, "My Challenges page"): Incoming, Matches Awaiting Approval (only when present), My
// Challenges to Others.
import { useState, type ReactNode } from "react";
import { ArrowDownLeft, ArrowUpRight, ClipboardCheck } from "lucide-react";
import { CHALLENGE_REACH } from "@shared/constants";
import type { ChallengesPage } from "@shared/types/challenges";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/auth";
import { Segmented } from "@/components/ui/segmented";
import type { UseQueryResult } from "@tanstack/react-query";
import { useIncomingChallenges, useOutgoingChallenges } from "../api/get-challenges";
import { useAwaitingApproval } from "../api/get-awaiting-approval";
import type { ChallengeFilter } from "../api/keys";
import { ChallengeCard } from "../components/challenge-card";
import { ApprovalItem } from "../components/approval-card";

const FILTERS: { value: ChallengeFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "past", label: "Past" },
];

function ChallengeList({
  query,
  setPage,
  pagerLabel,
  emptyText,
  errorText,
  isCaptain,
  myTeam,
  userId,
}: {
  query: UseQueryResult<ChallengesPage>;
  setPage: (page: number) => void;
  pagerLabel: string;
  emptyText: string;
  errorText: string;
  isCaptain: boolean;
  myTeam: { id: number; name: string };
  userId: number;
}) {
  if (query.isPending)
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (query.isError) return <QueryErrorState query={query} message={errorText} />;
  const data = query.data;
  if (data.items.length === 0) return <EmptyState title={emptyText} />;
  return (
    <>
      <ul className="grid gap-3">
        {data.items.map((c) => (
          <ChallengeCard key={c.id} challenge={c} isCaptain={isCaptain} myTeam={myTeam} userId={userId} />
        ))}
      </ul>
      <Pager of={data} onPageChange={setPage} label={pagerLabel} className="mt-4" />
    </>
  );
}

function Section({ icon, title, description, children }: { icon: ReactNode; title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** What each direction's section says. */
const DIRECTIONS = {
  incoming: {
    icon: ArrowDownLeft,
    title: "Incoming Challenges",
    pastDescription: "Declined, canceled, expired and completed challenges you received.",
    pagerLabel: "Incoming challenges pages",
    emptyText: "You have no incoming challenges",
    pastEmptyText: "No past incoming challenges",
    errorText: "Failed to load incoming challenges",
  },
  outgoing: {
    icon: ArrowUpRight,
    title: "My Challenges to Others",
    pastDescription: "Declined, canceled, expired and completed challenges you sent.",
    pagerLabel: "Outgoing challenges pages",
    emptyText: "You haven't challenged any players yet",
    pastEmptyText: "No past challenges to others",
    errorText: "Failed to load outgoing challenges",
  },
} as const;

/** The Incoming or the My Challenges to Others card. */
function DirectionSection({
  direction,
  past,
  ...list
}: { direction: keyof typeof DIRECTIONS; past: boolean } & Pick<
  Parameters<typeof ChallengeList>[0],
  "query" | "setPage" | "isCaptain" | "myTeam" | "userId"
>) {
  const d = DIRECTIONS[direction];
  const Icon = d.icon;
  return (
    <Section icon={<Icon className="size-5 text-primary" aria-hidden="true" />} title={d.title} description={past ? d.pastDescription : undefined}>
      <ChallengeList {...list} pagerLabel={d.pagerLabel} emptyText={past ? d.pastEmptyText : d.emptyText} errorText={d.errorText} />
    </Section>
  );
}

export default function MyChallengesPage() {
  const { data: user } = useUser();
  const isCaptain = Boolean(user?.isCaptain && user.teamId);
  const myTeam = { id: user?.teamId ?? 0, name: user?.teamName ?? "Your team" };
  const userId = user?.id ?? 0;
  // Open (default) or Past: the finished challenges (declined, canceled, expired, completed) stay visible.
  const [filter, setFilterState] = useState<ChallengeFilter>(() =>
    new URLSearchParams(window.location.search).get("filter") === "past" ? "past" : "open",
  );
  const [incomingPage, setIncomingPage] = useState(1);
  const [outgoingPage, setOutgoingPage] = useState(1);
  const setFilter = (next: ChallengeFilter) => {
    setFilterState(next);
    setIncomingPage(1);
    setOutgoingPage(1);
    const url = new URL(window.location.href);
    if (next === "past") url.searchParams.set("filter", "past");
    else url.searchParams.delete("filter");
    window.history.replaceState(window.history.state, "", url);
  };
  const past = filter === "past";
  const incoming = useIncomingChallenges(incomingPage, filter);
  const outgoing = useOutgoingChallenges(outgoingPage, filter);
  const awaiting = useAwaitingApproval();
  const awaitingItems = awaiting.data?.items ?? [];

  return (
    <section>
      <PageHeader title="My Challenges" description="Challenges you received and sent, and results waiting for your approval." />
      <Notice className="mb-6">
        You can challenge players ranked up to {CHALLENGE_REACH} positions above you on a surface&apos;s ladder (and anyone below you).
      </Notice>
      <Segmented label="Show challenges" options={FILTERS} value={filter} onChange={setFilter} className="mb-6" />
      {/* One skeleton until the three lists have answered, then all at once: sections filled in one
          by one pushed each other down (a layout shift), like the ladder's tables (ladder-table.tsx). */}
      {[incoming, outgoing, awaiting].some((q) => q.isPending) ? (
        <div className="grid grid-cols-1 gap-6" aria-busy="true">
          <Skeleton className="h-56 w-full rounded-xl" />
          <Skeleton className="h-56 w-full rounded-xl" />
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <DirectionSection direction="incoming" past={past} query={incoming} setPage={setIncomingPage} isCaptain={isCaptain} myTeam={myTeam} userId={userId} />

          {!past && awaitingItems.length > 0 && (
            <Section
              icon={<ClipboardCheck className="size-5 text-primary" aria-hidden="true" />}
              title="Matches Awaiting Approval"
              description="The other team reported these results. Approve them, or dispute a result that is wrong."
            >
              <ul className="grid gap-3">
                {awaitingItems.map((m) => (
                  <ApprovalItem key={m.id} match={m} />
                ))}
              </ul>
            </Section>
          )}

          <DirectionSection direction="outgoing" past={past} query={outgoing} setPage={setOutgoingPage} isCaptain={isCaptain} myTeam={myTeam} userId={userId} />
        </div>
      )}
    </section>
  );
}
