import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@/lib/query-client";
import { Toaster } from "@/components/ui/toast";

/**
 * App-wide providers. The Toaster loads Radix Toast on the first toast; the TooltipProvider
 * (docs/product.md, "Constants") is mounted by AppLayout, so neither weighs on the /auth bundle.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
