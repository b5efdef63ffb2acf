// /challenges (docs/product.md, "My Challenges page"): Incoming, Matches Awaiting Approval (only when present), My
// Challenges to Others.
import { Suspense, useEffect, useMemo, useState } from "react";
import { CHALLENGE_REACH } from "@shared/constants";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/auth";
import { preloadable } from "@/lib/preloadable";
import { Segmented } from "@/components/ui/segmented";
import { useIncomingChallenges, useOutgoingChallenges } from "../api/get-challenges";
import { useAwaitingApproval } from "../api/get-awaiting-approval";
import type { ChallengeFilter } from "../api/keys";

// The lists with their cards, dialogs and forms (~90 KB with zod and the form library) are their own
// chunk, fetched once the page has first rendered, alongside the lists' first answers: the header
// (the page's largest text) is painted without waiting for them; the skeleton stands until both
// are here.
const ChallengeLists = preloadable(() => import("../components/challenge-lists"));

const FILTERS: { value: ChallengeFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "past", label: "Past" },
];

/** One skeleton until the three lists have answered, then all at once: sections filled in one by
 * one pushed each other down (a layout shift), like the ladder's tables (ladder-skeleton.tsx). */
function ListsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true">
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-56 w-full rounded-xl" />
    </div>
  );
}

export default function MyChallengesPage() {
  const { data: user } = useUser();
  const isCaptain = Boolean(user?.isCaptain && user.teamId);
  // Kept between renders: the cards are memoised (challenge-card.tsx).
  const myTeam = useMemo(() => ({ id: user?.teamId ?? 0, name: user?.teamName ?? "Your team" }), [user?.teamId, user?.teamName]);
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
  useEffect(() => void ChallengeLists.preload(), []);

  return (
    <section>
      <PageHeader title="My Challenges" description="Challenges you received and sent, and results waiting for your approval." />
      <Notice className="mb-6">
        You can challenge players ranked up to {CHALLENGE_REACH} positions above you on a surface&apos;s ladder (and anyone below you).
      </Notice>
      <Segmented label="Show challenges" options={FILTERS} value={filter} onChange={setFilter} className="mb-6" />
      {[incoming, outgoing, awaiting].some((q) => q.isPending) ? (
        <ListsSkeleton />
      ) : (
        <Suspense fallback={<ListsSkeleton />}>
          <ChallengeLists
            past={past}
            incoming={incoming}
            outgoing={outgoing}
            awaiting={awaiting}
            setIncomingPage={setIncomingPage}
            setOutgoingPage={setOutgoingPage}
            isCaptain={isCaptain}
            myTeam={myTeam}
            userId={userId}
          />
        </Suspense>
      )}
    </section>
  );
}
