// One ladder of a closed season as it was frozen (docs/product.md, "Season archives"): the ladder's
// columns (rank, team, rating, W-L, category), names as they were then and not linked (the team may
// have been renamed or deleted since), a page of 50 at a time through the one Pager.
import { useState } from "react";
import type { CompetitionType } from "@shared/constants";
import type { SeasonLadder } from "@shared/validators/seasons";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ClampedText } from "@/components/ui/clamped-text";
import { Pager } from "@/components/ui/pager";
import { LadderHeader, RankCell } from "@/components/ui/ladder-rank";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { formatCount } from "@/lib/format";
import { useSeasonStandings } from "../api/get-season-standings";

export interface StandingsTableProps {
  seasonId: number;
  ladder: SeasonLadder;
  title: string;
  competitionType: CompetitionType | undefined;
}

export function StandingsTable(props: StandingsTableProps) {
  // A new filter starts again at page 1.
  return <PagedStandings key={`${props.ladder}|${props.competitionType ?? "all"}`} {...props} />;
}

function PagedStandings({ seasonId, ladder, title, competitionType }: StandingsTableProps) {
  const [page, setPage] = useState(1);
  const query = useSeasonStandings({ seasonId, ladder, competitionType, page });
  const headingId = `standings-${ladder}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="pb-3">
        <CardTitle id={headingId}>{title}</CardTitle>
        <CardDescription>{query.data ? formatCount(query.data.total, "team") : "\u00a0"}</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {query.isPending ? (
          <div className="space-y-2 px-5 sm:px-6" role="status" aria-busy="true" aria-label="Loading standings">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <div className="px-5 sm:px-6">
            <QueryErrorState query={query} message="Error loading the season's standings. Please try again." />
          </div>
        ) : query.data.items.length === 0 ? (
          <div className="px-5 sm:px-6">
            <EmptyState title="No team was on this ladder when the season closed." />
          </div>
        ) : (
          <Table>
            <LadderHeader />
            <TableBody>
              {query.data.items.map((row) => (
                <TableRow key={row.position}>
                  <RankCell rank={row.rank} />
                  <TableCell>
                    <ClampedText lines={2} className="font-medium text-foreground">
                      {row.teamName}
                    </ClampedText>
                    <p className="text-xs text-muted-foreground sm:hidden">{row.competitionType}</p>
                  </TableCell>
                  <TableCell className="text-right font-semibold tabular-nums">{row.rating}</TableCell>
                  <TableCell className="whitespace-nowrap pr-4 text-right tabular-nums sm:pr-3">
                    {row.wins}-{row.losses}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap pr-5 sm:table-cell sm:pr-6">
                    <Badge variant="secondary">{row.competitionType}</Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {query.data && <Pager of={query.data} onPageChange={setPage} label={`${title} pages`} className="px-5 pt-4 sm:px-6" />}
      </CardContent>
    </Card>
  );
}
