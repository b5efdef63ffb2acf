// Query keys of the admin panel: every admin read starts with ["admin"], so one invalidation refreshes the panel.
export const adminKeys = {
  all: ["admin"] as const,
  stats: () => ["admin", "stats"] as const,
  teams: (params: { search: string; page: number }) => ["admin", "teams", params] as const,
  teamsAll: () => ["admin", "teams"] as const,
  pendingUsers: () => ["admin", "pending-users"] as const,
  pendingDisputes: () => ["admin", "pending-disputes"] as const,
  recentMatches: () => ["admin", "recent-matches"] as const,
  admins: () => ["admin", "admins"] as const,
  secondFactor: () => ["admin", "second-factor"] as const,
  backups: () => ["admin", "backups"] as const,
  operation: () => ["admin", "operation"] as const,
  mailDelivery: () => ["admin", "mail-delivery"] as const,
  clubRules: () => ["admin", "club-rules"] as const,
  clubBreaks: (page: number) => ["admin", "club-breaks", { page }] as const,
  clubBreaksAll: () => ["admin", "club-breaks"] as const,
  ratingModel: () => ["admin", "rating-model"] as const,
};
