// W-L against each opponent in confirmed matches.
import { Trophy } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ClampedText } from "@/components/ui/clamped-text";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { TeamLink } from "@/components/ui/team-link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/format";
import { useHeadToHead } from "../api/get-head-to-head";

export function HeadToHeadCard({ teamId }: { teamId: number }) {
  const h2h = useHeadToHead(teamId);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Head-to-Head</CardTitle>
        <CardDescription>Record against each opponent in confirmed matches</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {h2h.isPending ? (
          <div className="space-y-2 px-5 sm:px-6">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : h2h.isError ? (
          <div className="px-5 sm:px-6">
            <ErrorState message="Failed to fetch team matches" onRetry={() => void h2h.refetch()} />
          </div>
        ) : h2h.data.length === 0 ? (
          <div className="px-5 sm:px-6">
            <EmptyState icon={Trophy} title="No matches played yet" />
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-5 sm:pl-6">Opponent</TableHead>
                <TableHead className="text-right">W-L</TableHead>
                <TableHead className="pr-5 text-right sm:pr-6">Last played</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {h2h.data.map((r) => (
                <TableRow key={r.opponentId}>
                  <TableCell className="pl-5 font-medium sm:pl-6">
                    <TeamLink teamId={r.opponentDeleted ? null : r.opponentId}>
                      <ClampedText lines={2}>{r.opponentName}</ClampedText>
                    </TeamLink>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    <span className={r.wins > r.losses ? "text-success-text font-semibold" : r.wins < r.losses ? "text-destructive-text font-semibold" : ""}>
                      {r.wins}-{r.losses}
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap pr-5 text-right text-muted-foreground sm:pr-6">{formatDate(r.lastPlayed)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
