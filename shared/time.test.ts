import { describe, expect, it } from "vitest";
import { formatZonedDateTime, isTimeZone, zoneAbbreviation } from "./time";

describe("times for people in a zone", () => {
  it("formats an instant as 'Thu 26 Nov, 6:00 PM' in the given zone, through daylight saving", () => {
    expect(formatZonedDateTime("2037-11-27T02:00:00Z", "America/Vancouver")).toBe("Thu 26 Nov, 6:00 PM");
    expect(formatZonedDateTime(new Date("2037-07-01T01:30:00Z"), "America/Vancouver")).toBe("Tue 30 Jun, 6:30 PM");
    expect(formatZonedDateTime("2037-11-27T02:00:00Z", "Europe/London")).toBe("Fri 27 Nov, 2:00 AM");
    expect(formatZonedDateTime("2037-11-27T00:05:00Z", "UTC")).toBe("Fri 27 Nov, 12:05 AM");
  });

  it("names the zone at that instant", () => {
    expect(zoneAbbreviation("2037-11-27T02:00:00Z", "America/Vancouver")).toBe("PST");
    expect(zoneAbbreviation("2037-07-01T02:00:00Z", "America/Vancouver")).toBe("PDT");
  });

  it("knows IANA zone names and refuses others", () => {
    for (const zone of ["America/Vancouver", "Europe/London", "UTC", "Asia/Kolkata"]) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["", " ", "Mars/Olympus", "Vancouver", "GMT+25"]) expect(isTimeZone(zone)).toBe(false);
  });
});
