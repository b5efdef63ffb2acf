// /confirm-match/:token (public): the reported result, 'Confirm Match Result' and a link to dispute.
import { Link, useParams } from "wouter";
import { CircleCheck, Flag } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useConfirmMatchByToken } from "../api/confirm-match-by-token";
import { TokenMatchPage } from "../components/token-match-page";

export const CONFIRM_FAILED = "Failed to confirm match. It may have already been confirmed or disputed.";

export default function ConfirmMatchPage() {
  const { token = "" } = useParams<{ token: string }>();
  const confirm = useConfirmMatchByToken();

  return (
    <TokenMatchPage
      token={token}
      outcome={
        confirm.isSuccess
          ? {
              tone: "success",
              icon: CircleCheck,
              title: "Match Confirmed!",
              text: "The result is confirmed and the ladder rankings have been updated.",
              ladderLink: "Back to the ladder",
            }
          : undefined
      }
      title="Confirm Match"
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
  );
}
