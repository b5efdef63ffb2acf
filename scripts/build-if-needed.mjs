// Builds the client and server when no build exists (or with --force, or when sources are newer).
import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const outputs = [path.join(root, "dist/public/index.html"), path.join(root, "dist/server/index.js")];

function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}

export function needsBuild(force = false) {
  if (force) return true;
  if (!outputs.every((f) => fs.existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs));
  const sources = Math.max(...["client", "server", "shared", "migrations"].map((d) => newestMtime(path.join(root, d))));
  return sources > built;
}

export function buildIfNeeded(force = false) {
  if (!needsBuild(force)) return false;
  console.log("Building the app (client and server)...");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes("--force") && process.env.SKIP_BUILD !== "1";
  buildIfNeeded(force);
}
