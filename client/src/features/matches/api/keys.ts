// Query keys of the matches feature (Match History, the emailed confirm/dispute pages). Every key
// starts with ["matches"], so matchKeys.all refreshes all of them.
export type HistoryScope = "all" | "mine";

export const matchKeys = {
  all: ["matches"] as const,
  history: (params: { scope: HistoryScope; page: number; limit: number }) => ["matches", "history", params] as const,
  stats: () => ["matches", "stats"] as const,
  token: (token: string) => ["matches", "token", token] as const,
};
