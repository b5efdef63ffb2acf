// Mail delivery: how many mails are queued, sent and failed, the failed ones (recipient, subject,
// last error, attempts) and Retry, one or all. Mail is retried by itself for about 15 hours first.
import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, formatRelative } from "@/lib/format";
import { useMailDelivery, useRetryMail } from "../api/mail-delivery";
import { MAIL_SENT_WINDOW_DAYS } from "@shared/constants";

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-border px-3 py-2">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export function MailDeliveryCard() {
  const status = useMailDelivery();
  const retry = useRetryMail();
  const s = status.data;

  const run = (input: { ids: number[] } | { all: true }) =>
    retry.mutate(input, {
      onSuccess: (r) => toast({ variant: "success", title: "Mail Queued", description: r.message }),
      onError: (err) => toast({ variant: "destructive", title: "Retry Failed", description: errorMessage(err, "Could not queue the mail again.") }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mail delivery</CardTitle>
        <CardDescription>Mail is sent moments after each change and retried for about 15 hours when the mail server fails.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : status.isError ? (
          <QueryErrorState query={status} message="Failed to load mail delivery" />
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2">
              <Count label="Queued" value={s!.queued} />
              <Count label={`Sent (${MAIL_SENT_WINDOW_DAYS} days)`} value={s!.sent} />
              <Count label="Failed" value={s!.failed} />
            </dl>
            {s!.failedMails.length === 0 ? (
              <p className="text-sm text-muted-foreground">No failed mail.</p>
            ) : (
              <div className="space-y-2">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-medium">Failed mail</h3>
                  <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => run({ all: true })}>
                    <RotateCw className="size-4" aria-hidden="true" />
                    Retry all
                  </Button>
                </div>
                <ul className="divide-y divide-border">
                  {s!.failedMails.map((m) => (
                    <li key={m.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-start sm:justify-between">
                      <div className="min-w-0 text-sm">
                        <p className="break-words font-medium">{m.subject}</p>
                        <p className="break-all text-xs text-muted-foreground">
                          {m.recipient} · {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"} ·{" "}
                          <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
                            {formatRelative(m.createdAt)}
                          </time>
                        </p>
                        {m.lastError && <p className="break-words text-xs text-destructive-text">{m.lastError}</p>}
                      </div>
                      <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => run({ ids: [m.id] })} aria-label={`Retry mail to ${m.recipient}: ${m.subject}`}>
                        Retry
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
