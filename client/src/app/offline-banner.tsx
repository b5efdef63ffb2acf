import { WifiOff } from "lucide-react";
import { Banner } from "@/components/ui/banner";
import { useOnline } from "@/lib/online";

/**
 * "You are offline", under the header of every layout (and over the loading screen) while the
 * browser has no connection; gone when it is back, when the queries that waited run
 * (lib/online.ts). The live region stays mounted so the change is announced both ways.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner">
      {!online && (
        <Banner tone="warning" icon={WifiOff} live={false}>
          <span className="font-semibold">You are offline.</span> What you see may be out of date; anything you send waits until the
          connection is back.
        </Banner>
      )}
    </div>
  );
}
