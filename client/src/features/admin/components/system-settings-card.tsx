// System Settings: club-wide switches. Today one: whether the ladder is readable signed out
// (docs/product.md#the-signed-out-ladder). The box saves as soon as it is ticked or cleared.
import { Checkbox } from "@/components/ui/checkbox";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useAskedSwitches } from "@/lib/use-asked-switches";
import { usePublicLadder } from "@/features/ladder/api/get-public-ladder";
import { useUpdatePublicLadder } from "../api/update-public-ladder";
import { QueryCard } from "@/components/ui/section-card";

export function SystemSettingsCard() {
  const current = usePublicLadder();
  const update = useUpdatePublicLadder();
  const switches = useAskedSwitches<"enabled">();
  const toggle = (enabled: boolean) => {
    switches.ask("enabled", enabled);
    update.mutate(enabled, {
      onSettled: () => switches.settle("enabled", enabled),
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
          checked={switches.shown("enabled", data.enabled)}
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
