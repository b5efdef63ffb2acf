import { describe, expect, it } from "vitest";
import { formatCount } from "./format";

describe("formatCount", () => {
  it("says '1 win' and '0 losses', never '1 wins'", () => {
    expect(formatCount(1, "win")).toBe("1 win");
    expect(formatCount(0, "win")).toBe("0 wins");
    expect(formatCount(2, "win")).toBe("2 wins");
    expect(formatCount(1, "loss", "losses")).toBe("1 loss");
    expect(formatCount(0, "loss", "losses")).toBe("0 losses");
    expect(formatCount(1, "match", "matches")).toBe("1 match");
  });
});
