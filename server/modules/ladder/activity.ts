// The calendar the activity rule is read at (docs/product.md, "Activity"): today in the club's
// zone and the inactivity threshold's default. The admin's Club rules card overrides the default
// inside the ladder's SQL (ladder-order.ts), so every reader sees the same threshold.
import { clubDay } from "@shared/time";
import type { Deps } from "../../deps";
import type { ActivityAt } from "./ladder-order";

/** The default of the inactivity threshold (INACTIVITY_DAYS, default 28): the Club rules card overrides it. */
export function inactivityDays(deps: Deps<"env">): number {
  return deps.env.INACTIVITY_DAYS;
}

/** Today (club day), the threshold and the club's zone, for the ladder order's SQL. */
export function activityAt(deps: Deps<"env" | "clock">): ActivityAt {
  return { today: clubDay(deps.clock.now(), deps.env.CLUB_TIMEZONE), days: inactivityDays(deps), timeZone: deps.env.CLUB_TIMEZONE };
}
