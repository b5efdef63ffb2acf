// /confirm-match/:token (public): the reported result, 'Confirm Match Result' and a link to dispute.
import { Link, useParams } from "wouter";
import { CircleCheck, Flag } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import { useConfirmMatchByToken } from "../api/confirm-match-by-token";
import { MatchDetails } from "../components/match-details";
import { StatusCard, TokenMatchGate } from "../components/token-match-gate";

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
        <Card className="mx-auto max-w-2xl">
          <CardHeader>
            <h1 className="text-2xl font-semibold leading-tight tracking-tight text-foreground">Confirm Match</h1>
            <CardDescription>
              {match.team1.name} vs {match.team2.name}: check the result below and confirm it if it is right.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <MatchDetails match={match} />
          </CardContent>
          <CardFooter className="flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
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
          </CardFooter>
        </Card>
      )}
    </TokenMatchGate>
  );
}
