// An element may carry a name (aria-label, aria-labelledby) only where its role allows one. HTML's
// plain containers — div, span, p, b, strong, code … — have roles (generic, paragraph, strong, …)
// that prohibit naming: screen readers drop the name, and axe reports "aria-prohibited-attr".
// The CI run of 2026-11-29 failed on the ladder's loading placeholder, a div named "Loading
// rankings", because axe happened to run while it was on screen. This reads every component of
// the client and fails on any such element written without a role, whether it shows for a moment
// (placeholders) or only for some data (a team without a rank).
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { attributeOf, clientComponents, jsxElements, parseTsx, whereIs } from "./jsx-elements";

/** Tags whose implicit role may not be named (ARIA in HTML: generic, paragraph, code, strong, …). */
const UNNAMEABLE = new Set([
  "div", "span", "p", "b", "i", "u", "s", "small", "strong", "em", "code", "pre",
  "del", "ins", "sub", "sup", "bdi", "bdo", "data", "q", "abbr", "kbd", "samp", "var", "mark",
]);
const NAMING = new Set(["aria-label", "aria-labelledby"]);

/** `file:line: <tag …>` for every unnameable element given a name and no role in `source`. */
export function namedWithoutRole(file: string, source: string): string[] {
  const sf = parseTsx(file, source);
  return jsxElements(sf).flatMap((element) => {
    if (!ts.isIdentifier(element.tagName) || !UNNAMEABLE.has(element.tagName.text)) return [];
    const props = element.attributes.properties;
    // A spread may bring its own role: such an element is the caller's to name.
    const spread = props.some((p) => ts.isJsxSpreadAttribute(p));
    const names = props.filter((p) => ts.isJsxAttribute(p) && NAMING.has(p.name.getText(sf)));
    if (names.length === 0 || attributeOf(element, "role") !== undefined || spread) return [];
    return [`${whereIs(sf, element)}: <${element.tagName.text} ${names.map((n) => n.getText(sf)).join(" ")}>`];
  });
}

describe("accessible names", () => {
  it("are given only to elements whose role allows one", () => {
    const found = clientComponents().flatMap(({ file, source }) => namedWithoutRole(file, source));
    expect(found, `give these a role that may be named (status, img, region, group …) or name them otherwise:\n${found.join("\n")}`).toEqual([]);
  });

  it("catches a named plain element, and lets a role, a nameable tag or a spread through", () => {
    const probe = (jsx: string) => namedWithoutRole("probe.tsx", `const x = ${jsx};`).length;
    expect(probe(`<div className="a" aria-busy="true" aria-label="Loading rankings"><i /></div>`)).toBe(1);
    expect(probe(`<span aria-labelledby={id} />`)).toBe(1);
    expect(probe(`<p aria-label={"x"}>y</p>`)).toBe(1);
    expect(probe(`<div role="status" aria-label="Loading rankings" />`)).toBe(0);
    expect(probe(`<ul aria-label="Seasons" />`)).toBe(0);
    expect(probe(`<section aria-label="Statistics" />`)).toBe(0);
    expect(probe(`<div {...props} aria-label="x" />`)).toBe(0);
    expect(probe(`<Card aria-label="x" />`)).toBe(0);
  });
});
