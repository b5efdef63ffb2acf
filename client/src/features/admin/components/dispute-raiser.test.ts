import { describe, expect, it } from "vitest";
import type { MatchView } from "@shared/types/matches";
import { disputeRaiser } from "./dispute-raiser";

const match = { team1: { id: 1, name: "Rally Cats" }, team2: { id: 2, name: "Drop Shot Queens" } } as unknown as MatchView;

describe("who raised a dispute", () => {
  it("names the member and their team when raised in the app", () => {
    expect(disputeRaiser({ reporter: { id: 9, name: "Maya" }, reporterTeamId: 2, match })).toBe("Maya (Drop Shot Queens)");
  });
  it("names the team when raised from the emailed link (no member known)", () => {
    expect(disputeRaiser({ reporter: null, reporterTeamId: 2, match })).toBe("Drop Shot Queens, from the link in the result email");
  });
  it("falls back when the team is gone", () => {
    expect(disputeRaiser({ reporter: null, reporterTeamId: null, match })).toBe("a player");
  });
});
