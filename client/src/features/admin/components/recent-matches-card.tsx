// Recent Matches: the latest ADMIN_RECENT_MATCHES_LIMIT; pending ones await the opponent's confirmation.
import { Trophy } from "lucide-react";
import { CONFIRMATION_STATUS, MATCH_STATUS } from "@shared/constants";
import type { MatchView } from "@shared/types/matches";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate } from "@/lib/format";
import { useRecentMatches } from "../api/get-recent-matches";
import { MatchTeams, scoreText } from "./match-summary";
import { QueryCard } from "@/components/ui/section-card";

function status(match: MatchView): { label: string; variant: BadgeProps["variant"] } {
  if (match.matchStatus === MATCH_STATUS.voided) return { label: "Voided", variant: "secondary" };
  if (match.confirmationStatus === CONFIRMATION_STATUS.disputed) return { label: "Disputed", variant: "warning" };
  if (match.confirmationStatus === CONFIRMATION_STATUS.confirmed) return { label: "Confirmed", variant: "success" };
  return { label: "Awaiting opponent confirmation", variant: "outline" };
}

export function RecentMatchesCard() {
  const matches = useRecentMatches();
  const items = matches.data?.items ?? [];
  return (
    <QueryCard
      title="Recent Matches"
      description="The latest results reported on the ladder."
      query={matches}
      failed="Failed to load match history"
      skeletonClassName="h-20 w-full"
    >
      {() =>
        items.length === 0 ? (
          <EmptyState icon={Trophy} title="No matches yet" />
        ) : (
          <ul className="divide-y divide-border">
            {items.map((m) => {
              const s = status(m);
              return (
                <li key={m.id} className="flex flex-col gap-1 py-2.5 text-sm first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                  <div className="min-w-0">
                    <MatchTeams match={m} />
                    <p className="text-xs text-muted-foreground">
                      {formatDate(m.matchDate)} · {m.location} · {scoreText(m)} · won by {m.winnerTeamName}
                    </p>
                  </div>
                  <Badge variant={s.variant} className="w-fit shrink-0">
                    {s.label}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )
      }
    </QueryCard>
  );
}
