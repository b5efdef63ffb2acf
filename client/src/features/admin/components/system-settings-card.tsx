// System Settings: club-wide switches. Today one: whether the ladder is readable signed out
// (docs/product.md#the-signed-out-ladder). The box saves as soon as it is ticked or cleared.
import { useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { usePublicLadder } from "@/features/ladder/api/get-public-ladder";
import { useUpdatePublicLadder } from "../api/update-public-ladder";
import { QueryCard } from "@/components/ui/section-card";

export function SystemSettingsCard() {
  const current = usePublicLadder();
  const update = useUpdatePublicLadder();
  // What was asked for, shown while it saves (set in the click's own render, so the box never flips
  // back first); cleared when the server has answered, which then shows the saved value.
  const [asked, setAsked] = useState<boolean | null>(null);
  const toggle = (enabled: boolean) => {
    setAsked(enabled);
    update.mutate(enabled, {
      onSettled: () => setAsked(null),
      onSuccess: () =>
        toast({
          variant: "success",
          title: "Settings Updated",
          description: enabled ? "Anyone can now read the ladder without signing in." : "The ladder is now for signed-in members only.",
        }),
      onError: (err) => toast({ variant: "destructive", title: "Failed to Update Settings", description: errorMessage(err) }),
    });
  };

  return (
    <QueryCard
      title="System Settings"
      description="Club-wide switches. Each change is saved at once."
      query={current}
      failed="Failed to load settings"
      skeletonClassName="h-10 w-full"
    >
      {(data) => (
        <Checkbox
          checked={asked ?? data.enabled}
          disabled={update.isPending}
          onChange={(e) => toggle(e.target.checked)}
          label={
            <span className="grid gap-0.5">
              <span className="font-medium">Ladder visible without signing in</span>
              <span className="text-sm text-muted-foreground">
                Visitors see team names, members, ratings and W-L on /ladder (never emails). Off: /ladder asks them to sign in.
              </span>
            </span>
          }
        />
      )}
    </QueryCard>
  );
}
