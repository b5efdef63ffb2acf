import { describe, expect, it } from "vitest";
import { zoneMark } from "./club-time";

describe("zoneMark: a time shown in the viewer's zone names that zone when the club's reads differently", () => {
  const thursdayEvening = "2037-11-27T02:00:00.000Z"; // Thu 26 Nov, 6:00 PM in Vancouver
  it("is empty in the club's zone, or one that reads the same", () => {
    expect(zoneMark(thursdayEvening, "America/Vancouver", "America/Vancouver")).toBe("");
    expect(zoneMark(thursdayEvening, "America/Vancouver", "America/Los_Angeles")).toBe("");
  });
  it("names the viewer's zone elsewhere", () => {
    expect(zoneMark(thursdayEvening, "America/Vancouver", "America/Toronto")).toBe(" EST");
    expect(zoneMark(thursdayEvening, "America/Vancouver", "UTC")).toBe(" UTC");
  });
  it("is empty without a time or before the club's zone is known", () => {
    expect(zoneMark(null, "America/Vancouver", "UTC")).toBe("");
    expect(zoneMark(thursdayEvening, undefined, "UTC")).toBe("");
    expect(zoneMark("not a date", "America/Vancouver", "UTC")).toBe("");
  });
});
