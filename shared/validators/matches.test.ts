import { describe, expect, it } from "vitest";
import { MATCH_MESSAGES, reportMatchSchema } from "./matches";

const form = (sets: { team1Score: string; team2Score: string }[]) => ({ team1Id: 1, team2Id: 2, winnerTeamId: 1, sets, notes: "" });
const messages = (input: unknown) => {
  const parsed = reportMatchSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe("the report-match form's set scores", () => {
  it("'2.5' says scores are whole numbers (not 'Please enter scores for all sets.')", () => {
    expect(messages(form([{ team1Score: "2.5", team2Score: "3" }]))).toEqual([MATCH_MESSAGES.wholeNumber]);
    expect(messages(form([{ team1Score: "3", team2Score: "1.5" }]))).toEqual([MATCH_MESSAGES.wholeNumber]);
  });

  it("an empty box still asks for every score; whole numbers pass", () => {
    expect(messages(form([{ team1Score: "", team2Score: "3" }]))).toEqual([MATCH_MESSAGES.setsMissing]);
    expect(messages(form([{ team1Score: "3", team2Score: "1" }]))).toEqual([]);
  });
});
