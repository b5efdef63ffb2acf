// One rating chart per surface, from the team's approved matches.
import { SURFACES, SURFACE_LABELS, type Surface } from "@shared/constants";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useRatingHistory } from "../api/get-rating-history";
import { RatingChart } from "./rating-chart";

export function RatingHistory({ teamId }: { teamId: number }) {
  const history = useRatingHistory(teamId);
  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold">Rating History</h2>
      {history.isPending ? (
        <div className="grid gap-4 md:grid-cols-3">
          {SURFACES.map((s) => (
            <Skeleton key={s} className="h-44" />
          ))}
        </div>
      ) : history.isError ? (
        <ErrorState message="Failed to fetch team matches" onRetry={() => void history.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          {SURFACES.map((s: Surface) => (
            <Card key={s}>
              <CardHeader className="pb-1">
                <CardTitle as="h3" className="text-base">
                  {SURFACE_LABELS[s]}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <RatingChart points={history.data.filter((p) => p.surface === s)} label={`${SURFACE_LABELS[s]} rating`} />
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
