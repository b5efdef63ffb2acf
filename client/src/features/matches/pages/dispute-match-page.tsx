// /dispute-match/:token (public): the same match view, a reason (min 10 characters) and 'Submit Dispute'.
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useParams } from "wouter";
import { ArrowLeft, Flag } from "lucide-react";
import { DISPUTE_REASON_MAX, DISPUTE_REASON_MIN } from "@shared/constants";
import { disputeSchema, type DisputeInput } from "@shared/validators/matches";
import { Button, buttonVariants } from "@/components/ui/button";
import { CharCount } from "@/components/ui/char-count";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useDisputeMatchByToken } from "../api/dispute-match-by-token";
import { TokenMatchPage } from "../components/token-match-page";

export const DISPUTE_FAILED = "Failed to dispute match. It may have already been confirmed or disputed.";

export default function DisputeMatchPage() {
  const { token = "" } = useParams<{ token: string }>();
  const dispute = useDisputeMatchByToken();
  const form = useForm<DisputeInput>({ resolver: zodResolver(disputeSchema), defaultValues: { reason: "" } });
  const reason = form.watch("reason") ?? "";

  const onSubmit = form.handleSubmit((values) =>
    dispute.mutate(
      { token, reason: values.reason },
      { onError: () => toast({ variant: "destructive", title: "Error", description: DISPUTE_FAILED }) },
    ),
  );

  return (
    <TokenMatchPage
      token={token}
      outcome={
        dispute.isSuccess
          ? {
              icon: Flag,
              title: "Match Disputed",
              text: "The reporting team has been notified and an admin will review the result. Both teams will be emailed the outcome.",
              ladderLink: "Go to the ladder",
              ladderLinkVariant: "outline",
            }
          : undefined
      }
      title="Dispute Match"
      lead="tell us what is wrong with this result. An admin will review it."
      contentClassName="space-y-6"
      actions={
        <>
          <Link href={`/confirm-match/${encodeURIComponent(token)}`} className={buttonVariants({ variant: "ghost" })}>
            <ArrowLeft aria-hidden="true" />
            Back to confirmation
          </Link>
          <Button type="submit" form="dispute-form" variant="destructive" loading={dispute.isPending}>
            {!dispute.isPending && <Flag aria-hidden="true" />}
            Submit Dispute
          </Button>
        </>
      }
    >
      <form id="dispute-form" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2">
        <FormField
          label="Reason for the dispute"
          required
          error={form.formState.errors.reason?.message}
          hint={`At least ${DISPUTE_REASON_MIN} characters. Say what the correct result was.`}
          labelAside={<CharCount value={reason} max={DISPUTE_REASON_MAX} />}
        >
          <Textarea rows={4} maxLength={DISPUTE_REASON_MAX} {...form.register("reason")} />
        </FormField>
      </form>
    </TokenMatchPage>
  );
}
