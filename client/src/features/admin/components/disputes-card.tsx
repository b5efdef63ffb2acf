// Match Disputes: pending disputes, each with a Review Details dialog holding the resolution form
// (notes required; uphold: the result stands and ratings apply; correct: the admin's score and winner
// stand instead; void: no rating change).
import { useState } from "react";
import { Scale } from "lucide-react";
import { DISPUTE_OUTCOME, DISPUTE_STATUS, type DisputeOutcome } from "@shared/constants";
import type { DisputeView } from "@shared/types/matches";
import { MATCH_MESSAGES, resolveDisputeSchema, scoreTextFromSets, type ResolveDisputeBody } from "@shared/validators/matches";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { fieldErrors } from "@/lib/field-errors";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { useZoneMark } from "@/lib/club-time";
import { cn } from "@/lib/utils";
import { usePendingDisputes } from "../api/get-pending-disputes";
import { useResolveDispute } from "../api/resolve-dispute";
import { MatchDetails, MatchTeams } from "./match-summary";
import { disputeRaiser } from "./dispute-raiser";
import { QueryCard } from "@/components/ui/section-card";

const OUTCOMES: { value: DisputeOutcome; label: string; hint: string }[] = [
  { value: DISPUTE_OUTCOME.uphold, label: "Uphold result", hint: "The reported result stands and ratings are applied." },
  { value: DISPUTE_OUTCOME.correct, label: "Correct result", hint: "Enter the right score and winner; ratings are applied from them." },
  { value: DISPUTE_OUTCOME.void, label: "Void match", hint: "The match is voided; no rating changes." },
];

function ReviewDialog({ dispute, onClose }: { dispute: DisputeView; onClose: () => void }) {
  const zoneMark = useZoneMark();
  const resolve = useResolveDispute();
  const [notes, setNotes] = useState("");
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [score, setScore] = useState("");
  const [winner, setWinner] = useState("");
  const correcting = outcome === DISPUTE_OUTCOME.correct;
  const { team1, team2 } = dispute.match;

  const submit = () => {
    const body: Partial<ResolveDisputeBody> = { status: DISPUTE_STATUS.resolved, resolutionNotes: notes, outcome: outcome ?? undefined };
    if (correcting) {
      const scoreText = scoreTextFromSets(score);
      if (score.trim() !== "" && scoreText === null) return setErrors({ score: MATCH_MESSAGES.scoreSets });
      if (scoreText !== null) body.score = scoreText;
      if (winner) body.winnerTeamId = Number(winner);
    }
    const parsed = resolveDisputeSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    resolve.mutate(
      { disputeId: dispute.id, ...(body as ResolveDisputeBody) },
      {
        onSuccess: () => {
          toast({
            variant: "success",
            title: "Dispute Resolved",
            description:
              parsed.data.outcome === DISPUTE_OUTCOME.uphold
                ? "The result stands; both teams were emailed."
                : parsed.data.outcome === DISPUTE_OUTCOME.correct
                  ? "The corrected result stands; both teams were emailed."
                  : "The match was voided; both teams were emailed.",
          });
          onClose();
        },
        onError: (err) => toast({ variant: "destructive", title: "Failed to Resolve Dispute", description: errorMessage(err, "Could not resolve the dispute.") }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !resolve.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Dispute Details</DialogTitle>
          <DialogDescription>
            Raised by {disputeRaiser(dispute)} on {formatDateTime(dispute.createdAt)}
            {zoneMark(dispute.createdAt)}.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <div className="rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning-text">
            <p className="font-medium">Reason given</p>
            <p className="mt-1 whitespace-pre-wrap">{dispute.description}</p>
          </div>
          <MatchDetails match={dispute.match} />
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">Outcome</legend>
            {OUTCOMES.map((o) => (
              <label
                key={o.value}
                className={cn(
                  "flex cursor-pointer items-start gap-2 rounded-md border p-2.5 text-sm",
                  outcome === o.value ? "border-primary bg-primary-soft" : "border-border",
                )}
              >
                <input
                  type="radio"
                  name={`outcome-${dispute.id}`}
                  value={o.value}
                  className="mt-0.5 accent-primary"
                  checked={outcome === o.value}
                  onChange={() => {
                    setOutcome(o.value);
                    setErrors((e) => ({ ...e, outcome: "" }));
                  }}
                />
                <span>
                  <span className="font-medium">{o.label}</span>
                  <span className="block text-xs text-muted-foreground">{o.hint}</span>
                </span>
              </label>
            ))}
            {errors.outcome && <p className="text-sm font-medium text-destructive-text">{errors.outcome}</p>}
          </fieldset>
          {correcting && (
            <div className="grid items-start gap-3 sm:grid-cols-2">
              <FormField label="Winner" required error={errors.winnerTeamId || undefined}>
                <Select
                  value={winner}
                  onChange={(e) => {
                    setWinner(e.target.value);
                    setErrors((er) => ({ ...er, winnerTeamId: "" }));
                  }}
                >
                  <option value="">Choose the winner</option>
                  <option value={team1.id}>{team1.name}</option>
                  <option value={team2.id}>{team2.name}</option>
                </Select>
              </FormField>
              <FormField label="Score" required hint={`Sets as ${team1.name} first, e.g. 3-1 1-3 3-2`} error={errors.score || undefined}>
                <Input
                  value={score}
                  inputMode="numeric"
                  autoComplete="off"
                  onChange={(e) => {
                    setScore(e.target.value);
                    setErrors((er) => ({ ...er, score: "" }));
                  }}
                />
              </FormField>
            </div>
          )}
          <FormField label="Resolution notes" error={errors.resolutionNotes || undefined} required>
            <Textarea
              value={notes}
              rows={4}
              onChange={(e) => {
                setNotes(e.target.value);
                setErrors((er) => ({ ...er, resolutionNotes: "" }));
              }}
            />
          </FormField>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={resolve.isPending}>
            Resolve Dispute
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function DisputesCard() {
  const disputes = usePendingDisputes();
  const [open, setOpen] = useState<DisputeView | null>(null);
  const items = disputes.data?.items ?? [];
  return (
    <QueryCard
      title="Match Disputes"
      description="Results an opponent has disputed, waiting for your decision."
      query={disputes}
      failed="Failed to load disputes"
      skeletonClassName="h-20 w-full"
      after={open && <ReviewDialog key={open.id} dispute={open} onClose={() => setOpen(null)} />}
    >
      {() =>
        items.length === 0 ? (
          <EmptyState icon={Scale} title="No open disputes" description="Disputed results will appear here." />
        ) : (
          <ul className="divide-y divide-border">
            {items.map((d) => (
              <li key={d.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <MatchTeams match={d.match} />
                    <Badge variant="warning">Disputed</Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    Match of {formatDate(d.match.matchDate)} · raised by {disputeRaiser(d)} {formatDate(d.createdAt)}
                  </p>
                  <p className="line-clamp-2 text-muted-foreground">“{d.description}”</p>
                </div>
                <Button size="sm" variant="outline" className="shrink-0" onClick={() => setOpen(d)}>
                  Review Details
                </Button>
              </li>
            ))}
          </ul>
        )
      }
    </QueryCard>
  );
}
