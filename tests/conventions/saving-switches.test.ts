// A box that saves as soon as it changes (its onChange starts a mutation) shows what the member asked
// for from the click's own render, through useAskedSwitches (client/src/lib/use-asked-switches.ts).
// A box whose `checked` comes only from the query cache or the mutation's state is put back by React
// when the click has been handled and ticked again a moment later: the fresh-clone CI of 2026-11-29
// failed once on My Profile → Notifications, where Playwright looked during that moment. This reads
// every component of the client and fails on a saving box whose `checked` does not go through
// `shown(…)`.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { attributeOf, clientComponents, jsxElements, parseTsx, whereIs } from "./jsx-elements";

const MUTATE = new Set(["mutate", "mutateAsync"]);

/** `file:line: <Tag checked={…}>` for every box in `source` that saves on change without `shown(…)`. */
export function savingBoxesWithoutAsked(file: string, source: string): string[] {
  const sf = parseTsx(file, source);
  // The file's named functions and constants, so a handler calling `toggle(…)` or a `checked={on}`
  // can be followed to what they are.
  const named = new Map<string, ts.Node>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) named.set(node.name.text, node.initializer);
    if (ts.isFunctionDeclaration(node) && node.name && node.body) named.set(node.name.text, node.body);
    ts.forEachChild(node, collect);
  };
  collect(sf);

  const reaches = (start: ts.Node, found: (call: ts.CallExpression) => boolean, seen = new Set<ts.Node>()): boolean => {
    if (seen.has(start)) return false;
    seen.add(start);
    let hit = false;
    const walk = (node: ts.Node) => {
      if (hit) return;
      if (ts.isCallExpression(node) && found(node)) {
        hit = true;
        return;
      }
      const isPropertyName = ts.isPropertyAccessExpression(node.parent) && node.parent.name === node;
      if (ts.isIdentifier(node) && !isPropertyName && named.has(node.text)) hit = reaches(named.get(node.text)!, found, seen);
      ts.forEachChild(node, walk);
    };
    walk(start);
    return hit;
  };
  const calls = (names: Set<string>) => (call: ts.CallExpression) =>
    ts.isPropertyAccessExpression(call.expression) && names.has(call.expression.name.text);

  return jsxElements(sf).flatMap((element) => {
    const checked = attributeOf(element, "checked");
    const onChange = attributeOf(element, "onChange");
    if (!checked || !onChange || !reaches(onChange, calls(MUTATE)) || reaches(checked, calls(new Set(["shown"])))) return [];
    return [`${whereIs(sf, element)}: <${element.tagName.getText(sf)} checked=${checked.getText(sf)}>`];
  });
}

describe("boxes that save as soon as they change", () => {
  it("show what was asked for from the click's own render (useAskedSwitches)", () => {
    const found = clientComponents().flatMap(({ file, source }) => savingBoxesWithoutAsked(file, source));
    expect(found, `show these through useAskedSwitches' shown(…):\n${found.join("\n")}`).toEqual([]);
  });

  it("catches a saving box fed by the cache alone, directly or through a handler, and lets shown(…) and form boxes through", () => {
    const probe = (body: string) => savingBoxesWithoutAsked("probe.tsx", `function Card() { ${body} }`).length;
    expect(probe(`return <Checkbox checked={data.on} onChange={(e) => update.mutate(e.target.checked)} />;`)).toBe(1);
    expect(probe(`const toggle = (on) => { update.mutate({ on }); }; return <Checkbox checked={prefs.data.email[c]} onChange={(e) => toggle(e.target.checked)} />;`)).toBe(1);
    expect(probe(`const on = set.isPending ? set.variables.on : device.on; const toggle = (v) => set.mutate(v); return <Checkbox checked={on} onChange={(e) => toggle(e.target.checked)} />;`)).toBe(1);
    expect(probe(`const toggle = (v) => { switches.ask("x", v); set.mutate(v); }; return <Checkbox checked={switches.shown("x", data.on)} onChange={(e) => toggle(e.target.checked)} />;`)).toBe(0);
    expect(probe(`const on = switches.shown("push", device.on); const toggle = (v) => set.mutate(v); return <Checkbox checked={on} onChange={(e) => toggle(e.target.checked)} />;`)).toBe(0);
    expect(probe(`return <input type="radio" checked={outcome === "x"} onChange={() => setOutcome("x")} />;`)).toBe(0);
  });
});
