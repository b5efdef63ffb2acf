import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiPort = Number(process.env.PORT ?? 5000);

/**
 * The small UI kit and icons. Left out: the Radix-based wrappers (they load Radix on first use) and
 * the components that import heavy modules — the Provisional marker (a tooltip and the rating
 * engine), the Pager (lib/format, so date-fns): a group takes its members' imports with it, and
 * these put 28 KB gzip of date-fns, Floating UI and the engine on the sign-in screen.
 */
const isUiKit = (id: string) =>
  (/[\\/]client[\\/]src[\\/]components[\\/]ui[\\/]/.test(id) && !/(tooltip|toaster|dialog|provisional-marker|pager)\.tsx$/.test(id)) ||
  /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id);

/** The features' query-key modules and the one that invalidates after a result (their only imports are each other). */
const isQueryKeys = (id: string) =>
  /[\\/]client[\\/]src[\\/]features[\\/][^\\/]+[\\/]api[\\/](keys|result-changed)\.ts$/.test(id);

export default defineConfig({
  root: r("./client"),
  plugins: [
    react(),
    tailwindcss(),
    // The installable app (docs/decisions/034-installable-app-and-offline-shell.md): the manifest,
    // and the worker built from client/src/sw.ts with the list of built files to precache
    // injected into it. Registered by client/src/app/service-worker.ts (production builds only).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifestFilename: "manifest.webmanifest",
      injectManifest: {
        // The app shell and static files only: index.html, the built JS/CSS, the logo and icons.
        globPatterns: ["**/*.{js,css,html,svg,png}"],
      },
      manifest: {
        id: "/",
        name: "Doubles Ladder",
        short_name: "Ladder",
        description: "The club's doubles ladder: rankings, challenges and results.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        // teal-700 (--color-primary, the logo's tile) for the title bar; the page's own background.
        theme_color: "#0f766e",
        background_color: "#f8fafc",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
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
            // The features' query keys and the result-changed invalidation (a few hundred bytes each,
            // no imports of their own but each other): one file instead of six requests on every
            // signed-in first screen (a phone's connection takes them six at a time).
            { name: "keys", test: isQueryKeys, minShareCount: 2, priority: 1 },
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
