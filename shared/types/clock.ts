// The challenge clock's answers (docs/product.md, "The challenge clock").
import type { Page } from "../paging";

/** The club rules in force (an admin's values, else the environment's defaults). */
export interface ClubRules {
  /** Hours a challenged captain has to accept or decline. */
  answerWindowHours: number;
  /** Days after acceptance by which a result must be reported (never before the proposed time + 2 days). */
  playByDays: number;
  /** Days the other team has to confirm or dispute a result before it is auto-confirmed. */
  approvalDays: number;
  /** Fraction of a window after which its one reminder goes out. */
  reminderPoint: number;
  /** Days without a confirmed match after which a team is inactive. */
  inactivityDays: number;
  /** When an admin last changed them (null: the defaults). */
  updatedAt: string | null;
}

/** A club break: its first and last day (club time, inclusive) and the instants they mean. */
export interface ClubBreakView {
  id: number;
  name: string;
  from: string;
  to: string;
  startsAt: string;
  endsAt: string;
  state: "upcoming" | "current" | "past";
}

export type ClubBreaksPage = Page<ClubBreakView>;

/** The banner: the break going on now, else the next one starting within 14 days. */
export interface ClubBreakBanner {
  current: ClubBreakView | null;
  next: ClubBreakView | null;
}

/** A team's response record: challenges it answered in time, and those that expired unanswered. */
export interface ResponseRecord {
  answeredInTime: number;
  expiredUnanswered: number;
}
