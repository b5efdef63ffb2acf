// /unsubscribe/:token (public; docs/product.md, "Notification emails"): the link at the foot of an
// optional mail. Opening it only shows what it would do; the button turns that category of mail off
// (POST, the same as the mail program's one-click unsubscribe).
import { Link, useParams } from "wouter";
import { BellOff, CheckCircle2, MailX, TriangleAlert } from "lucide-react";
import { EMAIL_CATEGORY_LABELS } from "@shared/constants";
import { Button, buttonVariants } from "@/components/ui/button";
import { QueryErrorState } from "@/components/ui/error-state";
import { PageSpinner } from "@/components/ui/spinner";
import { StatusCard } from "@/components/ui/status-card";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useUnsubscribe, useUnsubscribeLink } from "../api/unsubscribe";

const settingsLink = (
  <Link href="/profile" className={buttonVariants({ variant: "outline" })}>
    Notification settings
  </Link>
);

export default function UnsubscribePage() {
  const { token = "" } = useParams<{ token: string }>();
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);

  if (link.isPending) return <PageSpinner label="Checking the link" />;
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 400) {
      return (
        <StatusCard icon={TriangleAlert} tone="destructive" title="Link not valid">
          <p>{errorMessage(link.error)}</p>
          {settingsLink}
        </StatusCard>
      );
    }
    return <QueryErrorState className="mx-auto max-w-md" query={link} message="Failed to check the link" />;
  }
  const label = EMAIL_CATEGORY_LABELS[link.data.category].label.toLowerCase();
  if (!link.data.emailOn) {
    return (
      <StatusCard icon={CheckCircle2} tone="success" title="You are unsubscribed">
        <p>
          You will no longer get emails about {label}. You still see them under Notifications in the app, and you can turn the emails back on in My
          Profile → Notifications.
        </p>
        {settingsLink}
      </StatusCard>
    );
  }
  return (
    <StatusCard icon={MailX} title={`Stop emails about ${label}?`}>
      <p>
        You will no longer get emails about {label} ({EMAIL_CATEGORY_LABELS[link.data.category].description.toLowerCase().replace(/\.$/, "")}). Account
        and security emails are always sent.
      </p>
      {unsubscribe.isError && (
        <p role="alert" className="text-destructive-text">
          {errorMessage(unsubscribe.error)}
        </p>
      )}
      <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
        {!unsubscribe.isPending && <BellOff aria-hidden="true" />}
        Unsubscribe
      </Button>
    </StatusCard>
  );
}
