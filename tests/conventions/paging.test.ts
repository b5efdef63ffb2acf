// Paging is done one way (docs/product.md, "Lists and paging"): every paged query is built by
// pageQuerySchema() (shared/paging.ts), skips offsetOf() rows and is answered by pageOf()
// (server/lib/paging.ts), and the client shows pages with one Pager
// (client/src/components/ui/pager.tsx). This fails on a page built, an offset counted or a paging
// field parsed anywhere else.
import { describe, expect, it } from "vitest";
import { linesMatching, sourceFiles } from "./source-files";

const code = ["server", "shared", "client/src"].flatMap((dir) => sourceFiles(dir));
const serverAndShared = code.filter((file) => !file.startsWith("client/"));

describe("paging", () => {
  it("pages are built only by pageOf()", () => {
    const found = linesMatching(serverAndShared, /\btotalPages\s*:/, (file) => file === "server/lib/paging.ts" || file === "shared/paging.ts");
    expect(found, `answer pages with pageOf() from server/lib/paging.ts:\n${found.join("\n")}`).toEqual([]);
  });

  it("the rows before a page are counted only by offsetOf()", () => {
    const found = linesMatching(serverAndShared, /\(\s*[\w.]*\bpage\s*-\s*1\s*\)\s*\*/, (file) => file === "server/lib/paging.ts");
    expect(found, `skip offsetOf(query) rows, from server/lib/paging.ts:\n${found.join("\n")}`).toEqual([]);
  });

  it("page and limit are parsed only by pageQuerySchema()", () => {
    const found = linesMatching(code, /\b(page|limit|pageSize)\s*:\s*z\./, (file) => file === "shared/paging.ts");
    expect(found, `extend pageQuerySchema() from shared/paging.ts:\n${found.join("\n")}`).toEqual([]);
  });

  it("the client has one pager", () => {
    const found = linesMatching(
      ["client/src"].flatMap((dir) => sourceFiles(dir)),
      /\bPage \{|disabled=\{page >=/,
      (file) => file === "client/src/components/ui/pager.tsx",
    );
    expect(found, `use <Pager> from client/src/components/ui/pager.tsx:\n${found.join("\n")}`).toEqual([]);
  });
});
