// The worker's reading of a push and of its link (client/src/sw/push.ts).
import { describe, expect, it } from "vitest";
import { readPayload, sameOriginUrl } from "./push";

const data = (text: string) => ({ text: () => text, json: () => JSON.parse(text) as unknown });

describe("push handlers", () => {
  it("reads the server's payload, and falls back for a push that is not ours", () => {
    expect(readPayload(data('{"title":"Doubles Ladder","body":"New challenge from Aces","link":"/my-challenges"}'))).toEqual({
      title: "Doubles Ladder",
      body: "New challenge from Aces",
      link: "/my-challenges",
    });
    expect(readPayload(data("plain words"))).toEqual({ title: "Doubles Ladder", body: "plain words", link: "/" });
    expect(readPayload(null)).toEqual({ title: "Doubles Ladder", body: "", link: "/" });
  });

  it("opens only links of this site", () => {
    const origin = "https://ladder.club.example";
    expect(sameOriginUrl("/my-challenges", origin)).toBe(`${origin}/my-challenges`);
    expect(sameOriginUrl(`${origin}/history?x=1`, origin)).toBe(`${origin}/history?x=1`);
    for (const other of ["https://evil.example/x", "//evil.example/x", "javascript:alert(1)"]) expect(sameOriginUrl(other, origin)).toBe(`${origin}/`);
  });
});
