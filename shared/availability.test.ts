// Weekly availability: the grid's rules and the slots the challenge form suggests, at fixed times.
import { describe, expect, it } from "vitest";
import {
  allFreeAt,
  commonSlots,
  emptyAvailability,
  freeCounts,
  hasAvailability,
  normalizeAvailability,
  partOfDay,
  suggestSlots,
  zonedInstant,
  type Availability,
} from "./availability";
import { AVAILABILITY_MESSAGES, updateAvailabilitySchema } from "./validators/availability";
import { backupUserSchema } from "./validators/admin";

const VANCOUVER = "America/Vancouver";

/** A grid from "mon:evening sat:morning,afternoon". */
function grid(spec: string): Availability {
  const a = emptyAvailability();
  for (const item of spec.split(" ").filter(Boolean)) {
    const [day, parts] = item.split(":") as [keyof Availability, string];
    for (const part of parts.split(",")) a[day][part as "morning" | "afternoon" | "evening"] = true;
  }
  return a;
}

describe("the grid", () => {
  it("marks the cells where every player is free, and counts the others", () => {
    const players = [grid("mon:evening sat:morning,afternoon"), grid("mon:evening sat:morning"), grid("mon:evening,morning sat:morning"), grid("mon:evening sat:morning tue:evening")];
    expect([...commonSlots(players)].sort()).toEqual(["mon-evening", "sat-morning"]);
    const counts = freeCounts(players);
    expect(counts.get("sat-afternoon")).toBe(1);
    expect(counts.get("tue-evening")).toBe(1);
    expect(counts.get("sun-evening")).toBe(0);
    expect(commonSlots([])).toEqual(new Set());
    // A player who marked nothing is never free: no common cell.
    expect(commonSlots([...players.slice(0, 3), emptyAvailability()]).size).toBe(0);
    expect(hasAvailability(emptyAvailability())).toBe(false);
    expect(hasAvailability(grid("sun:morning"))).toBe(true);
  });

  it("sorts start times into parts of day (club time, by the start)", () => {
    expect(partOfDay(6 * 60)).toBe("morning");
    expect(partOfDay(11 * 60 + 30)).toBe("morning");
    expect(partOfDay(12 * 60)).toBe("afternoon");
    expect(partOfDay(16 * 60 + 30)).toBe("afternoon");
    expect(partOfDay(17 * 60)).toBe("evening");
    expect(partOfDay(22 * 60 + 30)).toBe("evening");
    expect(partOfDay(5 * 60 + 30)).toBeNull();
    expect(partOfDay(23 * 60)).toBeNull();
  });

  it("reads an older backup's one boolean per day as the whole day", () => {
    expect(normalizeAvailability({ mon: true, tue: false, wed: false, thu: false, fri: false, sat: true, sun: false })).toEqual(
      grid("mon:morning,afternoon,evening sat:morning,afternoon,evening"),
    );
    expect(normalizeAvailability(null)).toEqual(emptyAvailability());
    expect(normalizeAvailability({ mon: { morning: true, afternoon: "yes" } })).toEqual(grid("mon:morning"));
    const user = backupUserSchema.shape.availability.parse({ mon: true, tue: false, wed: false, thu: false, fri: false, sat: { morning: false, afternoon: false, evening: true }, sun: false });
    expect(user).toEqual(grid("mon:morning,afternoon,evening sat:evening"));
  });
});

describe("allFreeAt: is a proposed time in a cell where all four are usually free", () => {
  it("reads the start's day and part of day in the club's zone", () => {
    const four = [grid("thu:evening"), grid("thu:evening fri:morning"), grid("thu:evening"), grid("thu:afternoon,evening")];
    // Thursday 26 Nov 2026 18:00 in Vancouver is Friday 02:00 UTC: Thursday evening for the club.
    expect(allFreeAt(four, new Date("2026-11-27T02:00:00Z"), VANCOUVER)).toBe(true);
    // Thursday 14:00 in Vancouver: one player is not free in the afternoon.
    expect(allFreeAt(four, new Date("2026-11-26T22:00:00Z"), VANCOUVER)).toBe(false);
    // 23:00 is outside every part of day; no players: never.
    expect(allFreeAt(four, new Date("2026-11-27T07:00:00Z"), VANCOUVER)).toBe(false);
    expect(allFreeAt([], new Date("2026-11-27T02:00:00Z"), VANCOUVER)).toBe(false);
  });
});

describe("suggestSlots", () => {
  const everyone = (spec: string) => [grid(spec), grid(spec), grid(spec), grid(spec)];

  it("suggests the next three common slots, soonest first, at the part's time in the club's zone", () => {
    // Thursday 26 Nov 2026, 15:00 in Vancouver (23:00 UTC).
    const now = new Date("2026-11-26T23:00:00Z");
    const slots = suggestSlots({ players: everyone("thu:afternoon,evening sat:morning mon:evening"), now, timeZone: VANCOUVER });
    expect(slots.map((s) => [s.clubDate, s.clubTime, s.day, s.part])).toEqual([
      // Thursday afternoon (14:00) has passed; the evening (18:00) has not.
      ["2026-11-26", "18:00", "thu", "evening"],
      ["2026-11-28", "10:00", "sat", "morning"],
      ["2026-11-30", "18:00", "mon", "evening"],
    ]);
    // 18:00 PST is 02:00 UTC the next day.
    expect(slots[0]!.startsAt.toISOString()).toBe("2026-11-27T02:00:00.000Z");
    expect(slots[1]!.startsAt.toISOString()).toBe("2026-11-28T18:00:00.000Z");
  });

  it("only where all four players are free; none when one of them marked nothing", () => {
    const now = new Date("2026-11-26T23:00:00Z");
    const players = [grid("fri:evening sun:morning"), grid("fri:evening sun:morning"), grid("fri:evening"), grid("fri:evening sun:morning")];
    const slots = suggestSlots({ players, now, timeZone: VANCOUVER });
    expect(slots.map((s) => s.clubDate)).toEqual(["2026-11-27", "2026-12-04", "2026-12-11"]);
    expect(slots.every((s) => s.day === "fri" && s.part === "evening")).toBe(true);
    expect(suggestSlots({ players: [...players.slice(0, 3), emptyAvailability()], now, timeZone: VANCOUVER })).toEqual([]);
    expect(suggestSlots({ players: [], now, timeZone: VANCOUVER })).toEqual([]);
  });

  it("keeps the club's wall-clock time across a daylight-saving change, and honours the form's own check", () => {
    // Friday 6 Mar 2026, 12:00 PST; clocks go forward on Sunday 8 Mar.
    const now = new Date("2026-03-06T20:00:00Z");
    const slots = suggestSlots({ players: everyone("sat:morning sun:morning mon:morning"), now, timeZone: VANCOUVER });
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      "2026-03-07T18:00:00.000Z", // 10:00 PST (UTC-8)
      "2026-03-08T17:00:00.000Z", // 10:00 PDT (UTC-7)
      "2026-03-09T17:00:00.000Z",
    ]);
    const noSundays = suggestSlots({
      players: everyone("sat:morning sun:morning mon:morning"),
      now,
      timeZone: VANCOUVER,
      accept: (d) => d.getUTCDay() !== 0,
    });
    expect(noSundays.map((s) => s.day)).toEqual(["sat", "mon", "sat"]);
    expect(zonedInstant(2026, 11, 1, 10 * 60, "UTC").toISOString()).toBe("2026-11-01T10:00:00.000Z");
  });

  it("looks ahead a bounded number of days", () => {
    const now = new Date("2026-11-26T23:00:00Z");
    const slots = suggestSlots({ players: everyone("wed:morning"), now, timeZone: VANCOUVER, horizonDays: 7 });
    expect(slots.map((s) => s.clubDate)).toEqual(["2026-12-02"]);
  });
});

describe("updateAvailabilitySchema: the messages", () => {
  const full = () => ({ availability: grid("mon:evening") as unknown as Record<string, unknown> });
  const message = (body: unknown) => {
    const r = updateAvailabilitySchema.safeParse(body);
    expect(r.success).toBe(false);
    return r.error!.issues[0]!.message;
  };

  it("takes the seven days with their three parts", () => {
    expect(updateAvailabilitySchema.parse(full()).availability.mon.evening).toBe(true);
  });

  it("says which day or part is missing, unknown or not true/false", () => {
    const noTue = full();
    delete noTue.availability.tue;
    expect(message(noTue)).toBe("Please give your availability for Tuesday: morning, afternoon and evening.");
    const noEvening = full();
    noEvening.availability.fri = { morning: true, afternoon: false };
    expect(message(noEvening)).toBe("Please say whether you can usually play on Friday evening (true or false).");
    const text = full();
    text.availability.sat = { morning: "yes", afternoon: false, evening: false };
    expect(message(text)).toBe("Saturday morning must be true or false.");
    const extraDay = full();
    extraDay.availability.holiday = { morning: true, afternoon: true, evening: true };
    expect(message(extraDay)).toBe(AVAILABILITY_MESSAGES.unknownDay(["holiday"]));
    const extraPart = full();
    extraPart.availability.sun = { morning: true, afternoon: true, evening: true, night: true };
    expect(message(extraPart)).toBe("Unknown part of day: night. The parts are morning, afternoon and evening.");
    expect(message({})).toBe(AVAILABILITY_MESSAGES.shape);
    expect(message({ availability: [] })).toBe(AVAILABILITY_MESSAGES.shape);
    expect(message({ availability: { mon: true } })).toBe(AVAILABILITY_MESSAGES.shape);
    expect(message({ ...full(), isAdmin: true })).toBe("Unknown field: isAdmin");
  });
});
