// `npm start`: the production server (built SPA + /api on PORT, default 5000). Builds first when
// no build exists or the sources are newer than it.
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";

buildIfNeeded(false);
process.env.NODE_ENV ??= "production";
await import(path.resolve(path.dirname(new URL(import.meta.url).pathname), "../dist/server/index.js"));
