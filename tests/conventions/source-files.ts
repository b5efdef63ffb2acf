// The app's source files, for the convention tests that read code as text.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every .ts/.tsx file (and .js/.mjs with `scripts`) below `dir`, relative to the repository; tests when asked. */
export function sourceFiles(dir: string, options: { tests?: boolean; scripts?: boolean } = {}): string[] {
  const code = options.scripts ? /\.(ts|tsx|js|mjs)$/ : /\.(ts|tsx)$/;
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "results") out.push(...sourceFiles(rel, options));
    } else if (code.test(entry.name) && (options.tests || !/\.test\.tsx?$/.test(entry.name))) {
      out.push(rel);
    }
  }
  return out;
}

/** The lines of `files` that match `pattern`, as `file:line: text`. */
export function linesMatching(files: string[], pattern: RegExp, skip: (file: string, line: string) => boolean = () => false): string[] {
  const found: string[] = [];
  for (const file of files) {
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (pattern.test(line) && !skip(file, line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}
