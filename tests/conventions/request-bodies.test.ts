// Request bodies are read in one place: the route helper (server/lib/route.ts), after the route's
// guard (docs/decisions/017-route-helper-body-after-guard.md). This fails when
// - a route of the app is not declared with route() (it would skip the guard-first order), or
// - server code reads req.body, or mounts a body parser, anywhere but the helper.
// Handlers get the parsed, typed body as the third argument of their handler instead.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type TestApp, useTestApp } from "../helpers/app";
import { routeTable } from "../../server/lib/route";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HELPER = "server/lib/route.ts";

/** Reading a request body, or a parser that would read one, outside the helper. */
const BODY_READS: { what: string; pattern: RegExp }[] = [
  { what: "req.body", pattern: /\breq(uest)?\.body\b/ },
  { what: "a body parser", pattern: /\b(express|bodyParser)\.(json|urlencoded|raw|text)\s*\(/ },
  { what: "the body-parser / raw-body packages", pattern: /from\s+["'](body-parser|raw-body|co-body)["']/ },
  { what: "the request stream read directly", pattern: /\breq\.(on|once)\(\s*["'](data|end|readable)["']|\bfor await\s*\(\s*const\s+\w+\s+of\s+req\b|\breq\.pipe\(/ },
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(rel);
  }
  return out;
}

let t: TestApp;
useTestApp((app) => (t = app));

describe("request bodies are read only by the route helper", () => {
  it("every route of the API is declared with route()", () => {
    const table = routeTable(t.app);
    const undeclared = table.filter((r) => r.info === undefined).map((r) => `${r.methods.join(",").toUpperCase()} ${r.fullPath}`);
    console.log(`conventions: ${table.length} routes, ${table.length - undeclared.length} declared with route()`);
    expect(table.length).toBeGreaterThan(60);
    expect(undeclared, "routes not declared with route() (server/lib/route.ts)").toEqual([]);
  });

  it("no server code reads a request body outside the helper", () => {
    const found: string[] = [];
    for (const file of sourceFiles("server")) {
      if (file === HELPER) continue;
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const { what, pattern } of BODY_READS) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
        });
    }
    expect(found, `read the body through route()'s typed input instead:\n${found.join("\n")}`).toEqual([]);
  });

  it("catches the ways a body is read", () => {
    const caught = (line: string) => BODY_READS.some(({ pattern }) => pattern.test(line));
    expect(caught("const name = req.body.username;")).toBe(true);
    expect(caught(`api.use(express.json({ limit: "25mb" }));`)).toBe(true);
    expect(caught(`import getRawBody from "raw-body";`)).toBe(true);
    expect(caught(`req.on("data", (chunk) => parts.push(chunk));`)).toBe(true);
    expect(caught("for await (const chunk of req) size += chunk.length;")).toBe(true);
    expect(caught("handler: async (req, res, { body }) => res.json(await save(body)),")).toBe(false);
    expect(caught("res.json(answer.body);")).toBe(false);
  });
});
