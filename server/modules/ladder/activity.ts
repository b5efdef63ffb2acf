// The calendar the activity rule is read at (docs/product.md, "Activity"): today in the club's
// zone and the inactivity threshold. One place reads the threshold, so it can later come from a
// club setting instead of the environment.
import { clubDay } from "@shared/time";
import type { Deps } from "../../deps";
import type { ActivityAt } from "./ladder-order";

/** Days without a confirmed match after which a team is inactive (INACTIVITY_DAYS, default 28). */
export function inactivityDays(deps: Deps<"env">): number {
  return deps.env.INACTIVITY_DAYS;
}

/** Today (club day), the threshold and the club's zone, for the ladder order's SQL. */
export function activityAt(deps: Deps<"env" | "clock">): ActivityAt {
  return { today: clubDay(deps.clock.now(), deps.env.CLUB_TIMEZONE), days: inactivityDays(deps), timeZone: deps.env.CLUB_TIMEZONE };
}
