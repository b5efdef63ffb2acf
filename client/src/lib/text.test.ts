import { describe, expect, it } from "vitest";
import { initials } from "./text";

/** No lone surrogate (half an emoji), which renders as "\uFFFD". */
const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe("avatar initials", () => {
  it("take the first letters of the first and last words, or two of a single word", () => {
    expect(initials("Alex Morgan")).toBe("AM");
    expect(initials("alex")).toBe("AL");
    expect(initials("  ")).toBe("?");
    expect(initials(null)).toBe("?");
  });

  it("when a name ends with an emoji, the initials hold the whole emoji, never half of it", () => {
    const result = initials("Zoë 🎾");
    expect(result).toBe("Z🎾");
    expect(result).not.toContain("\uFFFD");
    expect(wellFormed(result)).toBe(true);
  });

  it("keep every multi-part character whole: flags, skin tones, families, combining accents", () => {
    for (const [name, expected] of [
      ["🇨🇦 Smashers", "🇨🇦S"],
      ["Team 👍🏽", "T👍🏽"],
      ["👨‍👩‍👧 Doubles", "👨‍👩‍👧D"],
      ["e\u0301lan", "E\u0301L"],
      ["🎾", "🎾"],
      ["🎾🏸", "🎾🏸"],
    ] as const) {
      const result = initials(name);
      expect(result, name).toBe(expected);
      expect(wellFormed(result), name).toBe(true);
    }
  });
});
