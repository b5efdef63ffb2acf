// My Challenges' lists (the page is my-challenges-page.tsx): Incoming, Matches Awaiting Approval
// (only when present) and My Challenges to Others, with the cards and their dialogs and forms. A
// chunk of its own, fetched once the page has first rendered, alongside the lists' first answers:
// the page's header is painted without waiting for the cards' code.
import type { ReactNode } from "react";
import { ArrowDownLeft, ArrowUpRight, ClipboardCheck } from "lucide-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Page } from "@shared/paging";
import type { ChallengesPage } from "@shared/types/challenges";
import type { MatchView } from "@shared/types/matches";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { useProgressive } from "@/lib/progressive";
import { ChallengeCard } from "./challenge-card";
import { ApprovalItem } from "./approval-card";

/** Challenge cards per slice (lib/progressive.ts): about a phone screen of them. */
const CARDS_PER_SLICE = 3;

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
  const shown = useProgressive(query.data?.items, CARDS_PER_SLICE);
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
        {shown.map((c) => (
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

interface ChallengeListsProps {
  past: boolean;
  incoming: UseQueryResult<ChallengesPage>;
  outgoing: UseQueryResult<ChallengesPage>;
  awaiting: UseQueryResult<Page<MatchView>>;
  setIncomingPage: (page: number) => void;
  setOutgoingPage: (page: number) => void;
  isCaptain: boolean;
  myTeam: { id: number; name: string };
  userId: number;
}

/** The three sections, once every list has answered (the page shows one skeleton until then). */
export default function ChallengeLists({ past, incoming, outgoing, awaiting, setIncomingPage, setOutgoingPage, isCaptain, myTeam, userId }: ChallengeListsProps) {
  const awaitingItems = awaiting.data?.items ?? [];
  return (
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
  );
}
