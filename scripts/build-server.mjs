// Bundles the server into dist/server/index.js (packages stay external; tsconfig paths resolved).
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "dist/server/index.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "// Built by scripts/build-server.mjs; the source is in server/." },
});
console.log("server built: dist/server/index.js");
