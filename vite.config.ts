import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiPort = Number(process.env.PORT ?? 5000);

/** The small UI kit and icons. Radix-based wrappers are excluded: they load Radix on first use. */
const isUiKit = (id: string) =>
  (/[\\/]client[\\/]src[\\/]components[\\/]ui[\\/]/.test(id) && !/(tooltip|toaster|dialog)\.tsx$/.test(id)) ||
  /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id);

export default defineConfig({
  root: r("./client"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@shared": r("./shared"),
      "@": r("./client/src"),
    },
  },
  build: {
    outDir: r("./dist/public"),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on the first screen: each request costs a round trip on a phone.
        codeSplitting: {
          groups: [
            // The app shell (everything main.tsx imports statically) is one file, not six.
            { name: "index", tags: ["$initial"], priority: 2 },
            // UI kit components and icons shared by several pages: one chunk instead of a dozen
            // sub-kilobyte ones per page.
            { name: "ui", test: isUiKit, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
});
