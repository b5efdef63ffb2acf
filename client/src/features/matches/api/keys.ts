// Query keys of the results feature. Every key starts with ["matches"], so any mutation that
// invalidates ["matches"] (approve, report, dispute, resolve) refreshes these too.
export type HistoryScope = "all" | "mine";

export const matchKeys = {
  all: ["matches"] as const,
  history: (params: { scope: HistoryScope; page: number; limit: number }) => ["matches", "history", params] as const,
  stats: () => ["matches", "stats"] as const,
  token: (token: string) => ["matches", "token", token] as const,
};

/** What a confirmed or disputed result changes elsewhere (ladder, team profiles, challenges, admin). */
export const affectedByResultKeys = [["matches"], ["teams"], ["ladder"], ["challenges"], ["disputes"], ["admin"]] as const;
