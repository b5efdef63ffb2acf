// Each TypeScript project sees only its own side's globals: the client the DOM (no Node), the
// server Node (no DOM), the service worker its WebWorker scope (neither), shared/ neither. A probe file using globals is type-checked with each
// project's compiler options (the same ones `npm run typecheck` uses).
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function parse(project: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, project), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error(`cannot read ${project}`);
  return parsed;
}

/** The names among `globals` that the project does not know (TS "cannot find name"). */
function unknownGlobals(project: string, dir: string, globals: string[]): string[] {
  const { options, fileNames } = parse(project);
  const probe = path.join(root, dir, "__globals-probe__.ts");
  const text = globals.map((g, i) => `export const g${i} = typeof ${g};`).join("\n") + "\n";
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) =>
    path.resolve(name) === probe ? ts.createSourceFile(name, text, version) : getSourceFile.call(host, name, version, ...rest);
  host.fileExists = (name) => path.resolve(name) === probe || fileExists.call(host, name);
  host.readFile = (name) => (path.resolve(name) === probe ? text : readFile.call(host, name));
  // The probe plus the project's own declaration files (e.g. shared/platform.d.ts).
  const declarations = fileNames.filter((f) => f.endsWith(".d.ts"));
  const program = ts.createProgram({ rootNames: [probe, ...declarations], options, host });
  const source = program.getSourceFile(probe)!;
  const missing = ts
    .getPreEmitDiagnostics(program, source)
    .filter((d) => [2304, 2552, 2580, 2582, 2584, 2591, 2592].includes(d.code)) // "Cannot find name …"
    .map((d) => source.text.slice(d.start!, d.start! + d.length!));
  return globals.filter((g) => missing.includes(g));
}

const DOM = ["document", "window", "localStorage"];
const NODE = ["process", "Buffer", "__dirname", "require"];

describe("each project sees only its own globals", () => {
  it("client: the DOM, not Node", () => {
    expect(unknownGlobals("tsconfig.client.json", "client/src/lib", [...DOM, ...NODE])).toEqual(NODE);
  });

  it("server: Node, not the DOM", () => {
    expect(unknownGlobals("tsconfig.server.json", "server/lib", [...DOM, ...NODE])).toEqual(DOM);
  });

  it("sw (the service worker): the worker's globals, neither the DOM nor Node", () => {
    const probe = unknownGlobals("tsconfig.sw.json", "client/src/sw", [...DOM, ...NODE, "self", "caches", "importScripts"]);
    expect(probe).toEqual([...DOM, ...NODE]);
  });

  it("shared: neither, only what both have (URL)", () => {
    const probe = unknownGlobals("tsconfig.shared.json", "shared", [...DOM, ...NODE, "URL"]);
    expect(probe).toEqual([...DOM, ...NODE]);
  });
});
