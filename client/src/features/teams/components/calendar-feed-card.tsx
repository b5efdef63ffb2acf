// My Profile: the member's calendar feed address (docs/product.md, "Calendar feed"): a webcal://
// link to subscribe, the https address with Copy link, and Reset link (the old address stops working).
import { useState } from "react";
import { CalendarSync, Copy, RefreshCw } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { QueryErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useCalendarFeed } from "../api/get-calendar-feed";
import { useResetCalendarFeed } from "../api/reset-calendar-feed";

export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirmReset, setConfirmReset] = useState(false);

  const make = (fresh: boolean) =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirmReset(false);
        toast({
          variant: "success",
          title: fresh ? "Calendar Link Reset" : "Calendar Link Ready",
          description: fresh ? "The old link no longer works. Subscribe again with the new one." : "Subscribe to it in your calendar app.",
        });
      },
      onError: (err) => {
        setConfirmReset(false);
        toast({ variant: "destructive", title: "Calendar Link Failed", description: errorMessage(err) });
      },
    });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ variant: "success", title: "Link Copied", description: "Paste it into your calendar app's “subscribe by URL”." });
    } catch {
      toast({ variant: "destructive", title: "Copy Failed", description: "Select the link and copy it yourself." });
    }
  };

  const url = feed.data?.url ?? null;
  return (
    <SectionCard
      className="min-w-0"
      icon={CalendarSync}
      title="Calendar feed"
      description="Your team's accepted matches in your own calendar app, kept up to date: new times, cancellations. Keep the link to yourself: anyone with it can read your team's matches."
      after={
        <ConfirmDialog
          open={confirmReset}
          onOpenChange={setConfirmReset}
          title="Reset your calendar link?"
          description="The current link stops working at once; calendars subscribed to it stop updating. You get a new link to subscribe with."
          confirmLabel="Reset link"
          cancelLabel="Keep it"
          destructive
          pending={reset.isPending}
          onConfirm={() => make(true)}
        />
      }
    >
      {feed.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : feed.isError ? (
        <QueryErrorState query={feed} message="Failed to load your calendar link" />
      ) : url ? (
        <div className="grid gap-3">
          <label className="grid gap-1.5 text-sm font-medium text-foreground">
            Your calendar link
            <Input readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void copy(url)}>
              <Copy aria-hidden="true" />
              Copy link
            </Button>
            <a href={feed.data.webcalUrl ?? url} className={cn(buttonVariants({ variant: "outline" }))}>
              <CalendarSync aria-hidden="true" />
              Subscribe in calendar app
            </a>
            <Button variant="ghost" onClick={() => setConfirmReset(true)}>
              <RefreshCw aria-hidden="true" />
              Reset link
            </Button>
          </div>
        </div>
      ) : (
        <Button onClick={() => make(false)} loading={reset.isPending}>
          <CalendarSync aria-hidden="true" />
          Create my calendar link
        </Button>
      )}
    </SectionCard>
  );
}
