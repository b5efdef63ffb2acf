// Browser journeys: per worker one production server (built SPA + API) and one SMTP sink for the
// whole run, started by e2e/global-setup.ts; a worker's files run one after another against its own.
// E2E_WORKERS (default 2) sets both the workers and the servers.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
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
    fileParallelism: workers > 1,
    pool: "forks",
    maxWorkers: workers,
    // Guards against a hung journey only (nothing is timed): the longest ones take ~60 s on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // expect.poll waits for the page to catch up (a refetch after a mutation, a toast, a live
    // update): 1 s by default, which a busy two-core CI machine overran once (admin.e2e's unsuspend:
    // the card still showed the old state after 1 s, and did not a moment later). Like the limits
    // above this only bounds a wait; a poll that names its own timeout keeps it.
    expect: { poll: { timeout: 15_000 } },
  },
});
