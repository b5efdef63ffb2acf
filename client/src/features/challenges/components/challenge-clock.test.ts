import { describe, expect, it } from "vitest";
import { challengeClock, timeLeft } from "./challenge-clock";

const now = new Date("2026-12-01T20:00:00Z");
const tz = "America/Vancouver";
const plus = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe("the card's clock", () => {
  it("counts whole days or hours left, rounded down", () => {
    expect(timeLeft(72 * 3_600_000 - 1000)).toBe("within 2 days");
    expect(timeLeft(25 * 3_600_000)).toBe("within 1 day");
    expect(timeLeft(5.5 * 3_600_000)).toBe("within 5 hours");
    expect(timeLeft(3_600_000)).toBe("within 1 hour");
    expect(timeLeft(60_000)).toBe("within the hour");
  });

  it("reads 'Answer within 2 days' for the challenged team, the day for the challenger, 'Play by …' once accepted, 'Expired' at the end", () => {
    expect(challengeClock({ status: "pending", direction: "incoming", acceptBy: plus(71), playBy: null }, now, tz)).toEqual({ text: "Answer within 2 days", urgent: false });
    expect(challengeClock({ status: "pending", direction: "incoming", acceptBy: plus(5), playBy: null }, now, tz)).toEqual({ text: "Answer within 5 hours", urgent: true });
    expect(challengeClock({ status: "pending", direction: "outgoing", acceptBy: "2026-12-04T02:00:00Z", playBy: null }, now, tz)?.text).toBe("Waiting for their answer until Thu 3 Dec");
    expect(challengeClock({ status: "accepted", direction: "outgoing", acceptBy: null, playBy: "2026-12-04T02:00:00Z" }, now, tz)?.text).toBe("Play by Thu 3 Dec");
    expect(challengeClock({ status: "expired", direction: "incoming", acceptBy: plus(-1), playBy: null }, now, tz)?.text).toBe("Expired");
    expect(challengeClock({ status: "completed", direction: "incoming", acceptBy: null, playBy: null }, now, tz)).toBeNull();
  });
});
