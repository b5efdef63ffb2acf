// 'Your Statistics' (docs/product.md, "History and statistics"): overall record, ELO, rank, win %; per surface record, ELO, win %.
import { SURFACES, SURFACE_LABELS } from "@shared/constants";
import type { TeamStats } from "@shared/types/matches";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatPercent, formatRecord } from "@/lib/format";
import { useMatchStats } from "../api/get-match-stats";
import { TitledSection } from "./titled-section";

function StatsTables({ stats }: { stats: TeamStats }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TitledSection id="overall-stats" title="Overall">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Record</TableHead>
              {/* Two words that may take two lines on a phone: the label says which rating this is. */}
              <TableHead className="whitespace-normal leading-tight">Overall ELO</TableHead>
              <TableHead>Rank</TableHead>
              <TableHead>Win %</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableCell className="font-medium tabular-nums">{formatRecord(stats.overall.wins, stats.overall.losses)}</TableCell>
              <TableCell className="tabular-nums">{stats.overall.rating}</TableCell>
              <TableCell className="tabular-nums">{stats.overall.rank === null ? "N/A" : `#${stats.overall.rank}`}</TableCell>
              <TableCell className="tabular-nums">{formatPercent(stats.overall.winPercent)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TitledSection>
      <TitledSection id="surface-stats" title="By surface">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Surface</TableHead>
              <TableHead>Record</TableHead>
              <TableHead>ELO</TableHead>
              <TableHead>Win %</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {SURFACES.map((s) => (
              <TableRow key={s}>
                <TableHead scope="row" className="h-auto py-3 text-sm font-medium normal-case tracking-normal text-foreground">
                  {SURFACE_LABELS[s]}
                </TableHead>
                <TableCell className="tabular-nums">{formatRecord(stats.surfaces[s].wins, stats.surfaces[s].losses)}</TableCell>
                <TableCell className="tabular-nums">{stats.surfaces[s].rating}</TableCell>
                <TableCell className="tabular-nums">{formatPercent(stats.surfaces[s].winPercent)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TitledSection>
    </div>
  );
}

export function StatsCard() {
  const query = useMatchStats();
  if (query.isSuccess && query.data === null) return null; // no team (e.g. the admin): nothing to show
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Statistics</CardTitle>
        {query.data && <CardDescription>{query.data.teamName}</CardDescription>}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-2/3" />
          </div>
        ) : query.isError ? (
          <QueryErrorState query={query} message="Failed to load match history" />
        ) : (
          query.data && <StatsTables stats={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
