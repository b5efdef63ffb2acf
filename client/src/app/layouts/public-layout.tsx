import type { ReactNode } from "react";
import { BrandLink, SkipLink } from "@/app/brand";
import { APP_NAME } from "@/lib/use-document-title";
import { ClubBreakBanner } from "@/features/club/components/club-break-banner";
import { OfflineBanner } from "@/app/offline-banner";

/**
 * The layout of public pages (sign-in, token links, verification, 404): a brand bar on top and a
 * centered column. Pages constrain their own width inside it (e.g. a `max-w-md` card).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center px-4 sm:px-6">
          <BrandLink className="text-foreground" />
        </div>
      </header>
      <OfflineBanner />
      <ClubBreakBanner />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        {children}
      </main>
      <footer className="px-4 py-6 text-center text-xs text-muted-foreground">
        {APP_NAME} · the club&apos;s doubles ladder
      </footer>
    </div>
  );
}
