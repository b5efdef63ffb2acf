// The home page's "Waiting for you": incoming challenges to answer or play, and results the other
// team reported. Both read through the challenges feature's own queries (the same cache entries as
// the My Challenges page), so answering there updates the counts here.
import { Link } from "wouter";
import { ArrowRight, ClipboardCheck, Swords } from "lucide-react";
import { ACTIVE_CHALLENGE_STATUSES, CHALLENGE_STATUS, type ChallengeStatus } from "@shared/constants";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useAwaitingApproval } from "@/features/challenges/api/get-awaiting-approval";
import { useIncomingChallenges } from "@/features/challenges/api/get-incoming-challenges";

/** How many items each list shows before "View all". */
const SHOWN = 5;

interface WaitingItem {
  id: number;
  text: string;
}

interface WaitingQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

const isActive = (status: ChallengeStatus) => (ACTIVE_CHALLENGE_STATUSES as readonly ChallengeStatus[]).includes(status);

export function WaitingCard({ teamId }: { teamId: number | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waiting for you</CardTitle>
        <CardDescription>Challenges to answer and results to approve</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {teamId === null ? (
          <EmptyState title="Nothing waiting" description="Join a team to challenge others and report results." />
        ) : (
          <WaitingLists teamId={teamId} />
        )}
      </CardContent>
    </Card>
  );
}

function WaitingLists({ teamId }: { teamId: number }) {
  const incoming = useIncomingChallenges(1);
  const awaiting = useAwaitingApproval();
  // Incoming challenges still to answer (pending) or to play (accepted).
  const challenges = incoming.data?.items
    .filter((c) => isActive(c.status))
    .map((c) => ({
      id: c.id,
      text: c.status === CHALLENGE_STATUS.accepted ? `Accepted: play ${c.opponent.name} and report the result` : `${c.opponent.name} challenged you`,
    }));
  const results = awaiting.data?.items.map((m) => ({
    id: m.id,
    text: `Result reported by ${m.team1.id === teamId ? m.team2.name : m.team1.name}`,
  }));
  return (
    <>
      <WaitingList
        icon={Swords}
        title="Incoming challenges"
        query={incoming}
        items={challenges}
        errorText="Failed to load incoming challenges"
        emptyText="You have no incoming challenges"
      />
      <WaitingList
        icon={ClipboardCheck}
        title="Results to approve"
        query={awaiting}
        items={results}
        errorText="Failed to load results awaiting approval"
        emptyText="No results are waiting for your approval"
      />
    </>
  );
}

function WaitingList(props: {
  icon: typeof Swords;
  title: string;
  query: WaitingQuery;
  items: WaitingItem[] | undefined;
  errorText: string;
  emptyText: string;
}) {
  const { query, icon: Icon } = props;
  const items = props.items ?? [];
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-medium">
          <Icon className="size-4 text-primary-text" aria-hidden="true" />
          {props.title}
          {items.length > 0 && <Badge>{items.length}</Badge>}
        </h3>
        <Link href="/challenges" className="shrink-0 text-sm font-medium text-primary-text underline-offset-4 hover:underline">
          View all<span className="sr-only"> in My Challenges</span>
        </Link>
      </div>
      {query.isPending ? (
        <Skeleton className="h-10" />
      ) : query.isError ? (
        <ErrorState className="py-4" message={props.errorText} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border-strong px-3 py-3 text-sm text-muted-foreground">{props.emptyText}</p>
      ) : (
        <ul className="space-y-2">
          {items.slice(0, SHOWN).map((item) => (
            <li key={item.id}>
              <Link
                href="/challenges"
                className="flex items-center justify-between gap-2 rounded-lg border border-border px-3 py-2.5 text-sm hover:bg-muted"
              >
                <span>{item.text}</span>
                <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
