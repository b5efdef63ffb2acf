// Member-typed text, taken apart by what a reader sees as one character.

const graphemes = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** The user-perceived characters of a text: an emoji, a flag or a letter with its accents is one. */
function characters(text: string): string[] {
  return graphemes ? Array.from(graphemes.segment(text), (s) => s.segment) : Array.from(text);
}

/**
 * An avatar's initials: 'Alex Morgan' → 'AM'; 'alex' → 'AL'; 'Zoë 🎾' → 'Z🎾'; '' → '?'. Whole
 * characters only (never half of an emoji's surrogate pair).
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return characters(words[0]!).slice(0, 2).join("").toUpperCase();
  return (characters(words[0]!)[0]! + characters(words[words.length - 1]!)[0]!).toUpperCase();
}
