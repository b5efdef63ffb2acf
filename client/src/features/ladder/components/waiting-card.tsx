// The home page's "Waiting for you": incoming challenges to answer or play, and results the other
// team reported. Both read through the challenges feature's own queries (the same cache entries as
// the My Challenges page), so answering there updates the counts here. An admin also sees the
// admin's work (registrations to approve, disputes to decide) through the admin feature's queries,
// the same as the admin panel's cards; an admin without a team sees only that.
import { Link } from "wouter";
import { ArrowRight, ClipboardCheck, Scale, Swords, UserCheck } from "lucide-react";
import { ACTIVE_CHALLENGE_STATUSES, CHALLENGE_STATUS, type ChallengeStatus } from "@shared/constants";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAwaitingApproval } from "@/features/challenges/api/get-awaiting-approval";
import { useIncomingChallenges } from "@/features/challenges/api/get-challenges";
import { usePendingDisputes } from "@/features/admin/api/get-pending-disputes";
import { usePendingUsers } from "@/features/admin/api/get-pending-users";

/** How many items each list shows before "View all". */
const SHOWN = 5;

interface WaitingItem {
  id: number;
  text: string;
}

interface WaitingListText {
  icon: typeof Swords;
  title: string;
  /** Where the member acts on them, and its name for screen readers ("in My Challenges"). */
  href: string;
  where: string;
  errorText: string;
  emptyText: string;
}

interface WaitingQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Each list's words and where the member acts on its items. */
const LISTS = {
  registrations: { icon: UserCheck, title: "Registrations to approve", href: "/admin", where: "in the Admin Panel", errorText: "Failed to load pending registrations", emptyText: "No registrations are waiting for approval" },
  disputes: { icon: Scale, title: "Disputes to decide", href: "/admin", where: "in the Admin Panel", errorText: "Failed to load disputes", emptyText: "No disputes are waiting for a decision" },
  incoming: { icon: Swords, title: "Incoming challenges", href: "/challenges", where: "in My Challenges", errorText: "Failed to load incoming challenges", emptyText: "You have no incoming challenges" },
  results: { icon: ClipboardCheck, title: "Results to approve", href: "/challenges", where: "in My Challenges", errorText: "Failed to load results awaiting approval", emptyText: "No results are waiting for your approval" },
} satisfies Record<string, WaitingListText>;

const isActive = (status: ChallengeStatus) => (ACTIVE_CHALLENGE_STATUSES as readonly ChallengeStatus[]).includes(status);

export function WaitingCard({ teamId, isAdmin = false }: { teamId: number | null; isAdmin?: boolean }) {
  return (
    <SectionCard
      title="Waiting for you"
      description={
        teamId === null && isAdmin
          ? "Registrations to approve and disputes to decide"
          : isAdmin
            ? "Challenges to answer, results to approve, and the admin's work"
            : "Challenges to answer and results to approve"
      }
      contentClassName="space-y-4"
    >
      {teamId !== null && <WaitingLists teamId={teamId} />}
      {isAdmin && <AdminWaitingLists />}
      {teamId === null && !isAdmin && <EmptyState title="Nothing waiting" description="Join a team to challenge others and report results." />}
    </SectionCard>
  );
}

/** The admin's work: the same queries as the admin panel's Pending Approvals and Disputes cards. */
function AdminWaitingLists() {
  const users = usePendingUsers();
  const disputes = usePendingDisputes();
  const registrations = users.data?.items.map((u) => ({
    id: u.id,
    text: `${u.name}${u.teamName ? ` (${u.teamName})` : ""} registered${u.isEmailVerified ? "" : ", email not verified yet"}`,
  }));
  const open = disputes.data?.items.map((d) => ({
    id: d.id,
    text: `Disputed: ${d.match.team1.name} vs ${d.match.team2.name}`,
  }));
  return (
    <>
      <WaitingList {...LISTS.registrations} query={users} items={registrations} total={users.data?.total} />
      <WaitingList {...LISTS.disputes} query={disputes} items={open} total={disputes.data?.total} />
    </>
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
      <WaitingList {...LISTS.incoming} query={incoming} items={challenges} />
      <WaitingList {...LISTS.results} query={awaiting} items={results} />
    </>
  );
}

function WaitingList(props: WaitingListText & {
  query: WaitingQuery;
  items: WaitingItem[] | undefined;
  /** All of them, when the list shows one page of more. */
  total?: number;
}) {
  const { query, icon: Icon } = props;
  const items = props.items ?? [];
  const count = props.total ?? items.length;
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-medium">
          <Icon className="size-4 text-primary-text" aria-hidden="true" />
          {props.title}
          {count > 0 && <Badge>{count}</Badge>}
        </h3>
        <Link href={props.href} className="shrink-0 text-sm font-medium text-primary-text underline-offset-4 hover:underline">
          View all<span className="sr-only"> {props.where}</span>
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
                href={props.href}
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
