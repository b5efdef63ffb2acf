// /history (docs/product.md, "Match History page"): 'Your Statistics' and 'Recent Matches' (All / My Matches),
// 5 per page, paged on the server.
import { useState } from "react";
import { History } from "lucide-react";
import { MATCH_HISTORY_PAGE_SIZE } from "@shared/constants";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/auth";
import { cn } from "@/lib/utils";
import type { HistoryScope } from "../api/keys";
import { useMatchHistory } from "../api/get-match-history";
import { MatchHistoryTable } from "../components/match-history-table";
import { Pager } from "@/components/ui/pager";
import { Segmented } from "@/components/ui/segmented";
import { StatsCard } from "../components/stats-card";

const SCOPES: { value: HistoryScope; label: string }[] = [
  { value: "all", label: "All Matches" },
  { value: "mine", label: "My Matches" },
];

function RecentMatches() {
  const { data: user } = useUser();
  const [scope, setScope] = useState<HistoryScope>("all");
  const [page, setPage] = useState(1);
  const query = useMatchHistory({ scope, page, limit: MATCH_HISTORY_PAGE_SIZE });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Recent Matches</CardTitle>
        <Segmented
          label="Which matches"
          options={SCOPES}
          value={scope}
          onChange={(next) => {
            setScope(next);
            setPage(1);
          }}
        />
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {Array.from({ length: MATCH_HISTORY_PAGE_SIZE }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <QueryErrorState query={query} message="Failed to load match history" />
        ) : query.data.items.length === 0 ? (
          <EmptyState icon={History} title="No matches found" />
        ) : (
          <>
            <div className={cn(query.isPlaceholderData && "opacity-60 transition-opacity")}>
              <MatchHistoryTable matches={query.data.items} teamId={user?.teamId} />
            </div>
            <Pager of={query.data} onPageChange={setPage} label="Match history pages" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default function HistoryPage() {
  return (
    <section className="space-y-6">
      <PageHeader title="Match History" description="Your record on every surface and the club's latest results." />
      <StatsCard />
      <RecentMatches />
    </section>
  );
}
