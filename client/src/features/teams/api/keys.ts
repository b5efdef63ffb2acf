// Query keys of the teams feature (a team's profile reads). Every key starts with ["teams"], so
// teamKeys.all refreshes all of them; other features' keys come from their own keys.ts.
export const teamKeys = {
  all: ["teams"] as const,
  detail: (teamId: number) => ["teams", "detail", teamId] as const,
  headToHead: (teamId: number) => ["teams", "head-to-head", teamId] as const,
  ratingHistory: (teamId: number) => ["teams", "rating-history", teamId] as const,
  availability: (teamId: number) => ["teams", "availability", teamId] as const,
  /** The signed-in member's calendar feed address (not a team read, but the profile's). */
  calendarFeed: () => ["teams", "calendar-feed"] as const,
  away: (teamId: number) => ["teams", "away", teamId] as const,
  responseRecord: (teamId: number) => ["teams", "response-record", teamId] as const,
};
