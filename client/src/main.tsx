import "@/lib/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "@/app/provider";
import { AppRouter, preloadRoute } from "@/app/router";
import { registerServiceWorker } from "@/app/service-worker";
import { followBrowserOnlineState } from "@/lib/online";
import { prepareClassMerge } from "@/lib/utils";
import "./index.css";

// Before the first query: a page opened offline waits for the connection instead of failing.
followBrowserOnlineState();
preloadRoute(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

// In a task of its own, not in the first screen's render (lib/utils.ts).
setTimeout(prepareClassMerge);
registerServiceWorker();
