// The answers of a team's away routes (docs/product.md, "Away").

/** One away range: club days 'YYYY-MM-DD', both included. */
export interface AwayRange {
  id: number;
  teamId: number;
  firstDay: string;
  lastDay: string;
}

/** GET /api/teams/{id}/away (and what the changes answer): today's club day and the range not over yet, if any. */
export interface TeamAwayView {
  today: string;
  /** The range the team is on or will be on (at most one at a time); null when none. */
  current: AwayRange | null;
}
