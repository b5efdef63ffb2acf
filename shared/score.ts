// How a result's score reads on screen and in mail. Without zod (unlike shared/validators/), so the
// lists that show scores do not load the schemas.

/** Formats a parsed score for tables: 'a-b' joined by spaces; 'No score' when absent. */
export function formatScore(sets: readonly (readonly [number, number])[] | null | undefined): string {
  if (!sets || sets.length === 0) return "No score";
  return sets.map(([a, b]) => `${a}-${b}`).join(" ");
}
