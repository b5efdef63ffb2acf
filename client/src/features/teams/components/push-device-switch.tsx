// "Push on this device" in My Profile → Notifications (docs/product.md, "Push notifications"): hidden
// where the browser cannot take push or the server has no push key; on asks the browser's permission
// and subscribes, off unsubscribes. The category switches below it apply to push as well.
import { Checkbox } from "@/components/ui/checkbox";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useAskedSwitches } from "@/lib/use-asked-switches";
import { PUSH_BLOCKED_MESSAGE, usePushDevice, useSetPushDevice } from "@/features/notifications/api/push-device";

export function PushDeviceSwitch() {
  const { available, key, device } = usePushDevice();
  const set = useSetPushDevice();
  const switches = useAskedSwitches<"push">();
  if (!available || !key.data || !device.data) return null;
  const publicKey = key.data;
  const blocked = device.data.permission === "denied";
  const on = switches.shown("push", device.data.on);

  const toggle = (next: boolean) => {
    switches.ask("push", next);
    set.mutate(
      { on: next, publicKey },
      {
        onSettled: () => switches.settle("push", next),
        onSuccess: () => toast({ variant: "success", title: "Notification Settings Saved", description: `Push on this device is ${next ? "on" : "off"}.` }),
        onError: (err) => toast({ variant: "destructive", title: next ? "Failed to Turn Push On" : "Failed to Turn Push Off", description: errorMessage(err) }),
      },
    );
  };

  return (
    <div className="rounded-lg border border-border px-3 py-3">
      <Checkbox
        checked={on}
        disabled={set.isPending || (blocked && !on)}
        onChange={(e) => toggle(e.currentTarget.checked)}
        label={
          <span>
            <span className="font-medium">Push on this device</span>
            <span className="block text-muted-foreground">Your notifications as messages on this browser, even when the app is closed. Each device has its own switch.</span>
          </span>
        }
      />
      {blocked && !on ? <p className="mt-2 text-sm text-muted-foreground">{PUSH_BLOCKED_MESSAGE}</p> : null}
    </div>
  );
}
