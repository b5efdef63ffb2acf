// Fails when drizzle-kit would generate a new migration: the schema and migrations/ disagree.
import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// drizzle-kit reads `out` relative to the working directory, so the scratch copy lives inside the project.
fs.mkdirSync(path.join(root, "node_modules/.cache"), { recursive: true });
const tmp = fs.mkdtempSync(path.join(root, "node_modules/.cache/dl-migrations-"));
const rel = path.relative(root, tmp);
fs.cpSync(path.join(root, "migrations"), tmp, { recursive: true });
const config = path.join(tmp, "drizzle.check.config.mjs");
fs.writeFileSync(
  config,
  `export default { dialect: "postgresql", schema: "./shared/schema/index.ts", out: ${JSON.stringify("./" + rel)} };\n`,
);
const before = new Set(fs.readdirSync(tmp));
try {
  execSync(`npx drizzle-kit generate --config ${JSON.stringify(config)}`, { cwd: root, stdio: "pipe" });
} catch (err) {
  console.error(String(err.stdout ?? ""), String(err.stderr ?? ""));
  process.exit(1);
}
const added = fs.readdirSync(tmp).filter((f) => !before.has(f) && f.endsWith(".sql"));
fs.rmSync(tmp, { recursive: true, force: true });
if (added.length > 0) {
  console.error(`The schema has changes without a migration (drizzle-kit would write ${added.join(", ")}). Run: npm run db:generate`);
  process.exit(1);
}
console.log("migrations match the schema");
