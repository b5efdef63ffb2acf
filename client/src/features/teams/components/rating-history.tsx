// One rating chart per surface, from the team's approved matches.
import { SURFACES, SURFACE_LABELS } from "@shared/constants";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useRatingHistory } from "../api/get-rating-history";
import { RatingChart } from "./rating-chart";
import { SurfaceCards } from "./surface-cards";

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
        <SurfaceCards headerClassName="pb-1">
          {(s) => <RatingChart points={history.data.filter((p) => p.surface === s)} label={`${SURFACE_LABELS[s]} rating`} />}
        </SurfaceCards>
      )}
    </div>
  );
}
