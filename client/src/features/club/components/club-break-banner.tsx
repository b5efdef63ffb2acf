// The club break banner, on every page (docs/product.md, "Club breaks"): while a break runs, no new
// challenges and every deadline paused; a break starting within 14 days is announced.
import { CalendarOff } from "lucide-react";
import { Banner } from "@/components/ui/banner";
import { clubDay, useClubBreakBanner } from "../api/get-club-break";

export function ClubBreakBanner({ className }: { className?: string }) {
  const { data } = useClubBreakBanner();
  if (!data || (!data.current && !data.next)) return null;
  const b = data.current ?? data.next!;
  return (
    <Banner tone={data.current ? "warning" : "info"} icon={CalendarOff} testId="club-break-banner" className={className}>
      {data.current ? (
        <>
          <span className="font-semibold">Club break: {b.name}</span> until {clubDay(b.to)}. No new challenges; every deadline is paused.
        </>
      ) : (
        <>
          <span className="font-semibold">Club break ahead: {b.name}</span>, {clubDay(b.from)} to {clubDay(b.to)}. Deadlines pause during it.
        </>
      )}
    </Banner>
  );
}
