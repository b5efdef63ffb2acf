import { formatDay } from "@shared/time";
import { Badge } from "./badge";

/**
 * A team's activity as the lists show it (docs/product.md, "Activity" and "Away"): 'Inactive' (no
 * confirmed match for the inactivity threshold: unranked), 'Away until Thu 3 Dec' (cannot be
 * challenged until then; the day is a club day). Nothing when neither holds.
 */
export function ActivityBadges({ inactive, awayUntil }: { inactive: boolean; awayUntil: string | null }) {
  return (
    <>
      {inactive && <Badge variant="outline">Inactive</Badge>}
      {awayUntil && <Badge variant="warning">Away until {formatDay(awayUntil)}</Badge>}
    </>
  );
}
