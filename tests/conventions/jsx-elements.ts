// The client's components parsed as TSX, for the convention tests that look at their JSX elements
// (aria-names, saving-switches).
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROOT, sourceFiles } from "./source-files";

export type JsxElement = ts.JsxOpeningElement | ts.JsxSelfClosingElement;

/** Every component file of the client (.tsx) with its text. */
export function clientComponents(): { file: string; source: string }[] {
  return sourceFiles("client/src")
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => ({ file, source: readFileSync(path.join(ROOT, file), "utf8") }));
}

export function parseTsx(file: string, source: string): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

/** Every JSX element of `sf` (its opening tag, or the self-closing one), in source order. */
export function jsxElements(sf: ts.SourceFile): JsxElement[] {
  const found: JsxElement[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The attribute `name` of `element` (its initializer: `{…}` or a string), if it has one. */
export function attributeOf(element: JsxElement, name: string): ts.JsxAttributeValue | undefined {
  return element.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name)?.initializer;
}

/** `file:line` of `node`. */
export function whereIs(sf: ts.SourceFile, node: ts.Node): string {
  return `${sf.fileName}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
}
