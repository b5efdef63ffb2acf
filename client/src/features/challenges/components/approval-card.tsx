import { useState } from "react";
import { CheckCircle2, Flag, Hourglass } from "lucide-react";
import { DISPUTE_REASON_MAX, DISPUTE_REASON_MIN } from "@shared/constants";
import type { MatchView } from "@shared/types/matches";
import { formatScore } from "@shared/score";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatCount, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useApproveMatch } from "../api/approve-match";
import { useDisputeMatch } from "../api/dispute-match";

const DAY_MS = 86_400_000;
/** The dispute's schema (with zod): loaded when the Dispute dialog opens, not with the list. */
const loadDisputeSchema = () => import("@shared/validators/matches").then((m) => m.disputeSchema);

/** Whole days left until the approval deadline (rounded up); ≤ 0 is overdue. */
export function daysLeft(deadline: string | null, now = Date.now()): number | null {
  if (!deadline) return null;
  return Math.ceil((new Date(deadline).getTime() - now) / DAY_MS);
}

function Deadline({ deadline }: { deadline: string | null }) {
  const days = daysLeft(deadline);
  if (days === null) return null;
  const urgent = days <= 1;
  return (
    <Badge variant={urgent ? "destructive" : "warning"}>
      <Hourglass aria-hidden="true" />
      {days <= 0 ? "Overdue" : `${formatCount(days, "day")} left`}
    </Badge>
  );
}

/** A result the other team reported, waiting for ours: Approve or Dispute. */
export function ApprovalItem({ match }: { match: MatchView }) {
  const approve = useApproveMatch();
  const dispute = useDisputeMatch();
  const [disputeOpen, setDisputeOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const days = daysLeft(match.approvalDeadline);

  const onApprove = () =>
    approve.mutate(match.id, {
      onSuccess: () => toast({ variant: "success", title: "Match Approved", description: "Ratings updated." }),
      onError: (err) => toast({ variant: "destructive", title: "Failed to Approve Match", description: errorMessage(err) }),
    });

  const onDispute = async () => {
    const disputeSchema = await loadDisputeSchema().catch((err: unknown) => {
      toast({ variant: "destructive", title: "Failed to dispute match", description: errorMessage(err) });
    });
    if (!disputeSchema) return;
    const parsed = disputeSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    dispute.mutate(
      { id: match.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setDisputeOpen(false);
          toast({ variant: "success", title: "Match Disputed", description: "The reporter has been notified and an admin will review it." });
        },
        onError: (err) => toast({ variant: "destructive", title: "Failed to dispute match", description: errorMessage(err) }),
      },
    );
  };

  return (
    <li
      className={cn(
        "grid gap-3 rounded-lg border p-4",
        days !== null && days <= 1 ? "border-destructive-border bg-destructive-soft/60" : "border-warning-border bg-warning-soft/50",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            {match.team1.name} <span className="font-normal text-muted-foreground">vs</span> {match.team2.name}
          </p>
          <p className="text-sm text-muted-foreground">
            {formatDate(match.matchDate)} · {match.location}
            {match.reporter ? ` · reported by ${match.reporter.name}` : ""}
          </p>
        </div>
        <Deadline deadline={match.approvalDeadline} />
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-muted-foreground">Winner: </dt>
          <dd className="inline font-semibold">{match.winnerTeamName}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Score: </dt>
          <dd className="inline font-semibold tabular-nums">{formatScore(match.sets)}</dd>
        </div>
        {match.notes && (
          <div className="sm:col-span-2">
            <dt className="inline text-muted-foreground">Notes: </dt>
            <dd className="inline whitespace-pre-wrap">{match.notes}</dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onApprove} loading={approve.isPending} disabled={dispute.isPending}>
          {!approve.isPending && <CheckCircle2 aria-hidden="true" />}
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={approve.isPending}
          onClick={() => {
            setReason("");
            setReasonError(undefined);
            setDisputeOpen(true);
            void loadDisputeSchema().catch(() => undefined);
          }}
        >
          <Flag aria-hidden="true" />
          Dispute
        </Button>
      </div>
      <ConfirmDialog
        open={disputeOpen}
        onOpenChange={setDisputeOpen}
        title="Dispute this result?"
        description="Tell us what is wrong with the reported result. The reporter is notified and an admin reviews the dispute."
        confirmLabel="Submit Dispute"
        destructive
        pending={dispute.isPending}
        onConfirm={onDispute}
      >
        <FormField
          label="Reason"
          required
          error={reasonError}
          labelAside={<span className="text-xs tabular-nums text-muted-foreground">{reason.trim().length}/{DISPUTE_REASON_MIN} min</span>}
        >
          <Textarea
            rows={4}
            maxLength={DISPUTE_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (reasonError) setReasonError(undefined);
            }}
            placeholder="e.g. The score of the second set was 3-1 for us, not 1-3."
          />
        </FormField>
      </ConfirmDialog>
    </li>
  );
}
