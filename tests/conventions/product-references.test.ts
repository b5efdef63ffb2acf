// The repository explains itself: code comments point to docs/product.md (the product's rules, in
// the repository's own words), never to the spec or the decisions list kept outside it. This reads
// every source file, tests included, and fails on a citation of those outside files, and on a
// citation of a docs/product.md section that does not exist.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { linesMatching, ROOT, sourceFiles } from "./source-files";

const SELF = "tests/conventions/product-references.test.ts";
const SCANNED = ["client", "server", "shared", "tests", "e2e", "bench", "scripts"];
const files = SCANNED.flatMap((dir) => sourceFiles(dir, { tests: true, scripts: true })).filter((file) => file !== SELF);

/** "SPEC §2", "(DECISIONS: Ratings)", "the spec's messages", "QUALITY.md": documents outside the repository. */
const OUTSIDE = /\bSPEC\b|\bDECISIONS\b|\bspec §|\b[Tt]he spec('s)?\b|\bQUALITY\b|\bENGINEERING\.md\b|\.\.\/shared\/(spec|QUALITY|ENGINEERING|DECISIONS)/;

/** The repository's own prose: its docs may tell history ("the spec keeps tokens as columns"), never cite a file outside it. */
const DOCS = ["README.md", "CONTRIBUTING.md", "client/README.md", ".env.example", ...readdirSync(path.join(ROOT, "docs"), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`)];
const CITES_OUTSIDE_FILE = /\bSPEC\b|\bDECISIONS\b|spec §|\bQUALITY\b|\bENGINEERING\.md\b|\.\.\/shared\//;

/** `docs/product.md, "Heading"` and `docs/product.md#anchor`, the two ways code cites a section. */
const CITED_HEADING = /docs\/product\.md,? \(?"([^"]+)"/g;
const CITED_ANCHOR = /docs\/product\.md#([a-z0-9-]+)/g;

const headings = readFileSync(path.join(ROOT, "docs/product.md"), "utf8")
  .split("\n")
  .filter((line) => /^#{2,4} /.test(line))
  .map((line) => line.replace(/^#+ /, "").trim());
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");

describe("comments cite the repository's own documents", () => {
  it("no comment cites the spec or the decisions list outside the repository", () => {
    const found = linesMatching(files, OUTSIDE);
    expect(found, `point these to the section of docs/product.md that states the rule:\n${found.join("\n")}`).toEqual([]);
  });

  it("no document of the repository cites the spec, the decisions list or the quality notes outside it", () => {
    const found = linesMatching(DOCS, CITES_OUTSIDE_FILE);
    expect(found, `say it in the repository's own words, or point to its own docs:\n${found.join("\n")}`).toEqual([]);
  });

  it("every docs/product.md section a comment names exists", () => {
    const known = new Set(headings);
    const anchors = new Set(headings.map(anchor));
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const m of text.matchAll(CITED_HEADING)) if (!known.has(m[1]!)) missing.push(`${file}: "${m[1]}"`);
      for (const m of text.matchAll(CITED_ANCHOR)) if (!anchors.has(m[1]!)) missing.push(`${file}: #${m[1]}`);
    }
    expect(missing, `no such heading in docs/product.md:\n${missing.join("\n")}`).toEqual([]);
  });

  it("catches the ways the outside documents were cited", () => {
    for (const line of ["// /auth (SPEC §2): tabs", "(DECISIONS: Ratings)", "with the spec's messages", "the spec says", "// QUALITY.md races", "see ../shared/spec/SPEC.md", "// QUALITY: first start ≤ 10 s"]) {
      expect(OUTSIDE.test(line), line).toBe(true);
    }
    for (const line of ["const spec = makeTeam();", "m.spec.rating", '(docs/product.md, "Ratings")', "specification", 'import x from "../shared/constants"', "zlib.constants.BROTLI_PARAM_QUALITY"]) {
      expect(OUTSIDE.test(line), line).toBe(false);
    }
    expect(CITES_OUTSIDE_FILE.test("as `QUALITY.md` sets them"), "docs rule").toBe(true);
    expect(CITES_OUTSIDE_FILE.test("The spec keeps tokens as columns"), "history is allowed in docs").toBe(false);
    expect([...'see docs/product.md, "Reach" and'.matchAll(CITED_HEADING)].map((m) => m[1])).toEqual(["Reach"]);
    expect(anchor("Ladder order and rank")).toBe("ladder-order-and-rank");
  });
});
