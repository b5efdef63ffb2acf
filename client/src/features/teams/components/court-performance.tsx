// Rating, W/L, win rate and matches played on each surface.
import { surfaceRating, surfaceRecord, winPercent } from "@shared/rating/read";
import type { TeamView } from "@shared/types/teams";
import { ProvisionalMarker } from "@/components/ui/provisional-marker";
import { SurfaceCards } from "./surface-cards";

export function CourtPerformance({ team }: { team: TeamView }) {
  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold">Court Performance</h2>
      <SurfaceCards headerClassName="pb-2">
        {(s) => {
          const rating = surfaceRating(team, s);
          const { wins, losses } = surfaceRecord(team, s);
          const played = wins + losses;
          return played === 0 ? (
            <>
              <p className="flex items-center gap-2 text-2xl font-bold tabular-nums">
                {rating}
                <ProvisionalMarker played={played} scope="surface" />
              </p>
              <p className="mt-1 text-sm text-muted-foreground">No matches played yet</p>
            </>
          ) : (
            <dl className="grid grid-cols-2 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Rating</dt>
              <dd className="flex flex-wrap items-center justify-end gap-x-2 text-lg font-bold tabular-nums">
                <ProvisionalMarker played={played} scope="surface" />
                <span className="whitespace-nowrap">{rating}</span>
              </dd>
              <dt className="text-muted-foreground">W/L</dt>
              <dd className="text-right tabular-nums">
                {wins}/{losses}
              </dd>
              <dt className="text-muted-foreground">Win rate</dt>
              <dd className="text-right tabular-nums">{winPercent(wins, losses)}%</dd>
              <dt className="text-muted-foreground">Matches played</dt>
              <dd className="text-right tabular-nums">{played}</dd>
            </dl>
          );
        }}
      </SurfaceCards>
    </div>
  );
}
