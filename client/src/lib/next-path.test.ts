import { describe, expect, it } from "vitest";
import { authPathFor, nextPathFromSearch, safeNextPath } from "./next-path";

describe("the page to come back to after signing in", () => {
  it("honours paths of this site, with their query and hash", () => {
    expect(safeNextPath("/challenges")).toBe("/challenges");
    expect(safeNextPath("/history?page=2#top")).toBe("/history?page=2#top");
    expect(safeNextPath("/teams/12")).toBe("/teams/12");
    // Percent-encoded characters stay encoded: inert in a path.
    expect(safeNextPath("/%0d%0aSet-Cookie")).toBe("/%0d%0aSet-Cookie");
  });

  it("refuses anything that could lead elsewhere or nowhere", () => {
    for (const raw of [
      null,
      undefined,
      "",
      "challenges",
      "//evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/challenges",
      "javascript:alert(1)",
      "/chal\nlenges",
      "/auth",
      "/" + "a".repeat(2001),
    ]) {
      expect(safeNextPath(raw), String(raw)).toBe(null);
    }
  });

  it("goes through /auth?next= and back", () => {
    expect(authPathFor("/challenges?x=1")).toBe("/auth?next=%2Fchallenges%3Fx%3D1");
    expect(nextPathFromSearch("next=%2Fchallenges%3Fx%3D1")).toBe("/challenges?x=1");
    expect(authPathFor("/")).toBe("/auth");
    expect(authPathFor("//evil.example")).toBe("/auth");
    expect(nextPathFromSearch("next=https%3A%2F%2Fevil.example")).toBe("/");
    expect(nextPathFromSearch("tab=register")).toBe("/");
  });
});
