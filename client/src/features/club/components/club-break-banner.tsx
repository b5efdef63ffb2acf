// The club break banner, on every page (docs/product.md, "Club breaks"): while a break runs, no new
// challenges and every deadline paused; a break starting within 14 days is announced.
import { CalendarOff } from "lucide-react";
import { cn } from "@/lib/utils";
import { clubDay, useClubBreakBanner } from "../api/get-club-break";

export function ClubBreakBanner({ className }: { className?: string }) {
  const { data } = useClubBreakBanner();
  if (!data || (!data.current && !data.next)) return null;
  const b = data.current ?? data.next!;
  return (
    <div
      role="status"
      data-testid="club-break-banner"
      className={cn(
        "flex items-start gap-3 border-b px-4 py-2.5 text-sm sm:px-6",
        data.current ? "border-warning-border bg-warning-soft text-warning-text" : "border-primary/20 bg-primary-soft text-primary-text",
        className,
      )}
    >
      <CalendarOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {data.current ? (
        <p className="min-w-0">
          <span className="font-semibold">Club break: {b.name}</span> until {clubDay(b.to)}. No new challenges; every deadline is paused.
        </p>
      ) : (
        <p className="min-w-0">
          <span className="font-semibold">Club break ahead: {b.name}</span>, {clubDay(b.from)} to {clubDay(b.to)}. Deadlines pause during it.
        </p>
      )}
    </div>
  );
}
