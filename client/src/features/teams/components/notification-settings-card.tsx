// My Profile → Notifications (docs/product.md, "Notification emails"): one email switch per optional
// category (Admin news for admins only); account and security mail is always sent, and in-app
// notifications are always kept. Each switch saves at once. Above them, "Push on this device"
// (docs/product.md, "Push notifications"), where the browser and the server allow it; the category
// switches apply to push as well.
import { BellRing } from "lucide-react";
import { EMAIL_CATEGORIES, EMAIL_CATEGORY, EMAIL_CATEGORY_LABELS, type EmailCategory } from "@shared/constants";
import { SectionCard } from "@/components/ui/section-card";
import { Checkbox } from "@/components/ui/checkbox";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useAskedSwitches } from "@/lib/use-asked-switches";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "@/features/notifications/api/notification-preferences";
import { PushDeviceSwitch } from "./push-device-switch";

export function NotificationSettingsCard({ isAdmin }: { isAdmin: boolean }) {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const switches = useAskedSwitches<EmailCategory>();
  const categories = EMAIL_CATEGORIES.filter((c) => isAdmin || c !== EMAIL_CATEGORY.admin);

  const toggle = (category: EmailCategory, on: boolean) => {
    switches.ask(category, on);
    update.mutate(
      { email: { [category]: on } },
      {
        onSettled: () => switches.settle(category, on),
        onSuccess: () => toast({ variant: "success", title: "Notification Settings Saved", description: `Emails about ${EMAIL_CATEGORY_LABELS[category].label.toLowerCase()} are ${on ? "on" : "off"}.` }),
        onError: (err) => toast({ variant: "destructive", title: "Failed to Save Notification Settings", description: errorMessage(err) }),
      },
    );
  };

  return (
    <SectionCard
      className="min-w-0"
      id="notifications"
      icon={BellRing}
      title="Notifications"
      description="Choose which emails and pushes you get. Everything still shows under Notifications in the app."
      contentClassName="space-y-4"
    >
      <PushDeviceSwitch />
      {prefs.isPending ? (
        <Skeleton className="h-32" />
      ) : prefs.isError ? (
        <QueryErrorState className="py-4" query={prefs} message="Failed to load notification settings" />
      ) : (
        <fieldset>
          <legend className="mb-3 text-sm font-medium">Email (and push) me about</legend>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {categories.map((category) => (
              <li key={category} className="px-3 py-3">
                <Checkbox
                  checked={switches.shown(category, prefs.data.email[category])}
                  onChange={(e) => toggle(category, e.currentTarget.checked)}
                  label={
                    <span>
                      <span className="font-medium">{EMAIL_CATEGORY_LABELS[category].label}</span>
                      <span className="block text-muted-foreground">{EMAIL_CATEGORY_LABELS[category].description}</span>
                    </span>
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p className="text-sm text-muted-foreground">
        Account and security emails (verification, password reset, approval, suspension) are always sent. Every optional email also has a link to
        stop that kind of email.
      </p>
    </SectionCard>
  );
}
