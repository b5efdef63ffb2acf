import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs request-classes.probe.ts in a Node with V8's natives syntax on; what it printed. */
function probe(mode: "app-classes" | "node-classes") {
  const out = execFileSync(process.execPath, ["--allow-natives-syntax", "--import", "tsx", path.join(import.meta.dirname, "request-classes.probe.ts"), mode], {
    encoding: "utf8",
    timeout: 30_000,
  });
  return JSON.parse(out) as { status: number; type: string; body: Record<string, unknown> };
}

describe("request classes made for the app (server/lib/request-classes.ts)", () => {
  it("gives two requests, and two responses, one hidden class, and Express answers on them as usual", () => {
    const { status, type, body } = probe("app-classes");
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/json/);
    expect(body).toEqual({
      sameRequestShape: true,
      sameResponseShape: true,
      prototypeInPlace: true,
      appOnRequest: true,
      header: "yes",
      query: { x: "1" },
      path: "/probe",
    });
  });

  // Why the classes exist. Should a Node upgrade share the shapes anyway, this fails: the classes
  // are then no longer needed (measure with `npm run bench -- --ab stable-shapes` and remove them).
  it("is needed: with Node's own classes, Express's prototype change leaves every request a hidden class of its own", () => {
    const { status, body } = probe("node-classes");
    expect(status).toBe(200);
    expect(body).toMatchObject({ sameRequestShape: false, sameResponseShape: false, prototypeInPlace: true, appOnRequest: true, header: "yes" });
  });
});
