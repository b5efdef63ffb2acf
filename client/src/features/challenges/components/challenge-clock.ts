// What a My Challenges card says about the challenge clock (docs/product.md, "The challenge clock"):
// the challenged team 'Answer within 2 days', the challenger 'Waiting for their answer until Thu 3
// Dec', an accepted challenge 'Play by Thu 3 Dec', an expired one 'Expired'. Dates in the club's zone.
import { CHALLENGE_STATUS } from "@shared/constants";
import type { ChallengeView } from "@shared/types/challenges";
import { formatZonedDate } from "@shared/time";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface ClockText {
  text: string;
  /** Less than a day left: shown in the urgent style. */
  urgent: boolean;
}

/** 'within 2 days' / 'within 5 hours' / 'within the hour': whole units left, rounded down (never promises more time than there is). */
export function timeLeft(ms: number): string {
  if (ms >= DAY) {
    const days = Math.floor(ms / DAY);
    return `within ${days} day${days === 1 ? "" : "s"}`;
  }
  if (ms >= HOUR) {
    const hours = Math.floor(ms / HOUR);
    return `within ${hours} hour${hours === 1 ? "" : "s"}`;
  }
  return "within the hour";
}

export function challengeClock(
  c: Pick<ChallengeView, "status" | "direction" | "acceptBy" | "playBy">,
  now: Date,
  timeZone: string,
): ClockText | null {
  if (c.status === CHALLENGE_STATUS.expired) return { text: "Expired", urgent: false };
  if (c.status === CHALLENGE_STATUS.pending && c.acceptBy) {
    const left = new Date(c.acceptBy).getTime() - now.getTime();
    if (left <= 0) return { text: "Expired", urgent: true };
    if (c.direction === "incoming") return { text: `Answer ${timeLeft(left)}`, urgent: left < DAY };
    return { text: `Waiting for their answer until ${formatZonedDate(c.acceptBy, timeZone)}`, urgent: false };
  }
  if (c.status === CHALLENGE_STATUS.accepted && c.playBy) {
    const left = new Date(c.playBy).getTime() - now.getTime();
    return { text: `Play by ${formatZonedDate(c.playBy, timeZone)}`, urgent: left < DAY };
  }
  return null;
}
