// Browser journeys: one production server (built SPA + API) and one SMTP sink for the whole run,
// started by e2e/global-setup.ts; files run one after another against them.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@shared": r("../shared"),
      "@": r("../client/src"),
    },
  },
  test: {
    root: r(".."),
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["./e2e/global-setup.ts"],
    fileParallelism: false,
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
