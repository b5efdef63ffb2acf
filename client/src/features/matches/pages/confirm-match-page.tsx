// /confirm-match/:token (public): the reported result, 'Confirm Match Result' and a link to dispute.
import { Link, useParams } from "wouter";
import { CircleCheck, Flag } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { CardDescription } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import { useConfirmMatchByToken } from "../api/confirm-match-by-token";
import { StatusCard, TokenMatchCard, TokenMatchGate } from "../components/token-match-gate";

export const CONFIRM_FAILED = "Failed to confirm match. It may have already been confirmed or disputed.";

export default function ConfirmMatchPage() {
  const { token = "" } = useParams<{ token: string }>();
  const confirm = useConfirmMatchByToken();

  const settled = confirm.isSuccess ? (
    <StatusCard tone="success" icon={<CircleCheck className="size-10" aria-hidden="true" />} title="Match Confirmed!">
      <CardDescription>The result is confirmed and the ladder rankings have been updated.</CardDescription>
      <Link href="/ladder" className={buttonVariants()}>
        Back to the ladder
      </Link>
    </StatusCard>
  ) : undefined;

  return (
    <TokenMatchGate token={token} settled={settled}>
      {(match) => (
        <TokenMatchCard
          title="Confirm Match"
          match={match}
          lead="check the result below and confirm it if it is right."
          actions={
            <>
              <Link href={`/dispute-match/${encodeURIComponent(token)}`} className={buttonVariants({ variant: "outline" })}>
                <Flag aria-hidden="true" />
                Dispute Result
              </Link>
              <Button
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(token, {
                    onError: () => toast({ variant: "destructive", title: "Error", description: CONFIRM_FAILED }),
                  })
                }
              >
                {!confirm.isPending && <CircleCheck aria-hidden="true" />}
                Confirm Match Result
              </Button>
            </>
          }
        />
      )}
    </TokenMatchGate>
  );
}
