// The challenge form's availability help (docs/product.md, "Weekly availability"): the four
// players' usual weeks together, the cells where all four are free, and the next three such slots
// (clicking one fills the date and time).
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { Sparkles } from "lucide-react";
import { DAY_PART_LABELS, TIME_SLOT_END_MINUTES, TIME_SLOT_START_MINUTES, TIME_SLOT_STEP_MINUTES } from "@shared/constants";
import { freeCounts, suggestSlots, type Availability, type SuggestedSlot } from "@shared/availability";
import type { PlayerAvailability } from "@shared/types/availability";
import { DEFAULT_CLUB_TIMEZONE } from "@shared/time";
import { AvailabilityOverlap } from "@/components/ui/availability-grid";
import { Button } from "@/components/ui/button";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { clubQueryOptions } from "@/lib/club-time";
import { formatLongDateTime } from "@/lib/format";
import { useTeamAvailability } from "@/features/teams/api/get-team-availability";

/** A start the form's time picker offers: on the 30-minute grid, 6:00 AM to 10:30 PM in the viewer's zone. */
function onTheForm(startsAt: Date): boolean {
  const minutes = startsAt.getHours() * 60 + startsAt.getMinutes();
  return minutes >= TIME_SLOT_START_MINUTES && minutes <= TIME_SLOT_END_MINUTES && minutes % TIME_SLOT_STEP_MINUTES === 0;
}

/** The players' usual weeks of both teams (null until a team is chosen and both are loaded). */
export function useFourGrids(myTeamId: number | null, theirTeamId: number | null): Availability[] | null {
  const both = myTeamId !== null && theirTeamId !== null;
  const mine = useTeamAvailability(both ? myTeamId : null);
  const theirs = useTeamAvailability(both ? theirTeamId : null);
  return useMemo(
    () => (mine.data && theirs.data ? [...mine.data.players, ...theirs.data.players].map((p) => p.availability) : null),
    [mine.data, theirs.data],
  );
}

export function FindATime({
  myTeamId,
  theirTeamId,
  onPick,
}: {
  myTeamId: number;
  theirTeamId: number;
  onPick: (slot: { date: string; time: string }) => void;
}) {
  const mine = useTeamAvailability(myTeamId);
  const theirs = useTeamAvailability(theirTeamId);
  const club = useQuery(clubQueryOptions);
  const players: PlayerAvailability[] = useMemo(() => [...(mine.data?.players ?? []), ...(theirs.data?.players ?? [])], [mine.data, theirs.data]);
  const grids = useMemo(() => players.map((p) => p.availability), [players]);
  const timeZone = club.data?.timeZone ?? DEFAULT_CLUB_TIMEZONE;
  const slots: SuggestedSlot[] = useMemo(() => suggestSlots({ players: grids, now: new Date(), timeZone, accept: onTheForm }), [grids, timeZone]);

  if (mine.isPending || theirs.isPending) return <Skeleton className="h-64 w-full" aria-busy="true" />;
  const failed = mine.isError ? mine : theirs.isError ? theirs : null;
  if (failed) {
    return <QueryErrorState query={failed} message="Failed to load availability" />;
  }
  const unset = players.filter((p) => !p.isSet);
  const everyone = players.length;
  const allOf = everyone === 4 ? "all four" : `all ${everyone}`;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="find-a-time">
      <div className="grid content-start gap-2">
        <p className="text-sm text-muted-foreground">
          How many of the {everyone} players are usually free (club time); marked cells: {allOf}.
        </p>
        <AvailabilityOverlap label="When the four players are usually free" counts={freeCounts(grids)} of={everyone} allLabel={`${allOf} free`} />
        {unset.length > 0 && (
          <ul className="grid gap-1 text-sm text-muted-foreground">
            {unset.map((p) => (
              <li key={p.id}>{p.name} has not set a usual availability yet.</li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid content-start gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-foreground">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          Suggested times
        </h3>
        {slots.length === 0 ? (
          <p className="text-sm text-muted-foreground">No time when {allOf} of you are usually free yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Suggested slots">
            {slots.map((slot) => (
              <li key={slot.startsAt.toISOString()}>
                <Button
                  variant="outline"
                  className="h-auto w-full justify-start whitespace-normal py-2 text-left"
                  onClick={() => onPick({ date: format(slot.startsAt, "yyyy-MM-dd"), time: format(slot.startsAt, "HH:mm") })}
                >
                  <span>
                    {formatLongDateTime(slot.startsAt)}
                    <span className="block text-xs font-normal text-muted-foreground">{DAY_PART_LABELS[slot.part]}: {allOf} usually free</span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
