// Query keys of the club feature (the club-break banner); every key starts with ["club"].
export const clubKeys = {
  all: ["club"] as const,
  breakBanner: () => ["club", "break-banner"] as const,
};
