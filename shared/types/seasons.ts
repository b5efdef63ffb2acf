// Seasons and their archives (docs/product.md, "Seasons", "Season archives").
import type { CompetitionType } from "../constants";
import type { Page } from "../paging";
import type { SeasonLadder } from "../validators/seasons";

/**
 * upcoming: its first day is ahead. current: not closed, and its days contain today (club time).
 * ending: its last day is over, and the jobs runner is about to close it. closed: its standings are frozen.
 */
export type SeasonState = "upcoming" | "current" | "ending" | "closed";

export interface SeasonView {
  id: number;
  name: string;
  /** First and last day, club days 'YYYY-MM-DD', both included. */
  firstDay: string;
  lastDay: string;
  carryOverPercent: number;
  state: SeasonState;
  closedAt: string | null;
}

/** Rank 1 of one ladder, over the club (`scope` 'all') or within one category, at the close. */
export interface SeasonChampion {
  ladder: SeasonLadder;
  scope: CompetitionType | "all";
  teamName: string;
  rating: number;
  wins: number;
  losses: number;
}

export interface ArchivedSeason extends SeasonView {
  champions: SeasonChampion[];
}

export type SeasonsPage = Page<SeasonView>;
export type ArchivedSeasonsPage = Page<ArchivedSeason>;

/** The ladder's header: the season going on, else the next one (null: none planned). */
export interface CurrentSeason {
  current: SeasonView | null;
  next: SeasonView | null;
}

/** One team's place in a closed season's standings, as it was then. */
export interface SeasonStandingRow {
  position: number;
  /** Null: the team was inactive at the close (listed after the ranked teams). */
  rank: number | null;
  teamName: string;
  competitionType: CompetitionType;
  rating: number;
  wins: number;
  losses: number;
}

export type SeasonStandingsPage = Page<SeasonStandingRow>;
