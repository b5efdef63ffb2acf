// The helper's nesting count, on a whole body (nestingDepth) and on a streamed one taken chunk by
// chunk (nestingCounter, body: "stream"): both give the same depth wherever the chunks are cut.
import { describe, expect, it } from "vitest";
import { nestingCounter, nestingDepth } from "./route";

const bodies = [
  '{"a":[1,2,{"b":[[]]}]}',
  '{"s":"[[[[{{{{","t":[["\\"]]]"]]}',
  '{"e":"\\\\","x":[[[["\\\\\\"[["]]]]}',
  "[]",
  '"[[["',
];

describe("nesting depth", () => {
  it("is the same for a streamed body cut anywhere as for the whole body", () => {
    for (const text of bodies) {
      const buf = Buffer.from(text);
      const whole = nestingDepth(buf);
      for (let cut = 0; cut <= buf.length; cut++) {
        const count = nestingCounter();
        count(buf.subarray(0, cut));
        expect(count(buf.subarray(cut)), `${text} cut at ${cut}`).toBe(whole);
      }
    }
  });

  it("skips brackets inside strings, escaped quotes included", () => {
    expect(nestingDepth(Buffer.from(bodies[1]!))).toBe(3);
    expect(nestingDepth(Buffer.from(bodies[2]!))).toBe(5);
    expect(nestingDepth(Buffer.from(bodies[4]!))).toBe(0);
  });
});
