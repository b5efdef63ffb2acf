// Proposed times on a challenge card (docs/product.md, "Proposed times"): the open times with every
// player's "can play / can't", the viewer's own ticks, "Accept this time" for the captain whose turn
// it is. The dialog that proposes 1 to 3 other times is propose-times-dialog.tsx (loaded when opened).
import { Check, Minus, ThumbsDown, ThumbsUp } from "lucide-react";
import type { ChallengeSlotView, ChallengeView } from "@shared/types/challenges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatLongDateTime } from "@/lib/format";
import { useZoneMark } from "@/lib/club-time";
import { cn } from "@/lib/utils";
import { useAnswerSlot } from "../api/answer-slot";

/** A player's two answers to a proposed time. */
const TICKS = [
  { canPlay: true, label: "Can play", Icon: ThumbsUp },
  { canPlay: false, label: "Can't", Icon: ThumbsDown },
] as const;

/** One player's answer as a chip: "Ana ✓" or "Ben ✗". */
function AnswerChip({ name, canPlay }: { name: string; canPlay: boolean }) {
  return (
    <li
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs",
        canPlay ? "border-success-border bg-success-soft text-success-text" : "border-destructive-border bg-destructive-soft text-destructive-text",
      )}
    >
      {canPlay ? <Check className="size-3" aria-hidden="true" /> : <Minus className="size-3" aria-hidden="true" />}
      {name}
      <span className="sr-only">{canPlay ? "can play" : "can't play"}</span>
    </li>
  );
}

/** The open proposed times of a challenge, with ticks and, for the captain whose turn it is, "Accept this time". */
export function ProposedTimes({
  challenge,
  userId,
  canAccept,
  onAccept,
  acceptPending,
}: {
  challenge: ChallengeView;
  userId: number;
  /** The viewer is the captain whose turn it is. */
  canAccept: boolean;
  onAccept: (slot: ChallengeSlotView) => void;
  acceptPending: boolean;
}) {
  const zoneMark = useZoneMark();
  const answer = useAnswerSlot();
  const players = challenge.ownMembers.length + challenge.opponent.members.length;
  const tick = (slot: ChallengeSlotView, canPlay: boolean) =>
    answer.mutate(
      { id: challenge.id, slotId: slot.id, canPlay },
      { onError: (err) => toast({ variant: "destructive", title: "Answer Not Saved", description: errorMessage(err) }) },
    );
  const ours = (slot: ChallengeSlotView) => slot.proposedByTeamId !== challenge.opponent.id;
  return (
    <section aria-label="Proposed times" className="grid gap-2 rounded-md border border-border bg-muted/40 p-3" data-testid="proposed-times">
      <h3 className="text-sm font-semibold">
        Proposed times <span className="font-normal text-muted-foreground">· by {ours(challenge.slots[0]!) ? "your team" : challenge.opponent.name}</span>
      </h3>
      <ol className="grid gap-2">
        {challenge.slots.map((slot, i) => {
          const mine = slot.answers.find((a) => a.userId === userId);
          const yes = slot.answers.filter((a) => a.canPlay).length;
          return (
            <li key={slot.id} className="grid gap-2 rounded-md border border-border bg-surface p-3" data-testid="proposed-time">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm">
                  <span className="font-medium">
                    {i + 1}. {formatLongDateTime(slot.startsAt)}
                    {zoneMark(slot.startsAt)}
                  </span>
                  <span className="block text-xs text-muted-foreground">{slot.location}</span>
                </p>
                <Badge variant={yes === players ? "success" : "secondary"}>
                  {yes} of {players} can play
                </Badge>
              </div>
              {slot.answers.length > 0 && (
                <ul className="flex flex-wrap gap-1.5" aria-label="Answers">
                  {slot.answers.map((a) => (
                    <AnswerChip key={a.userId} name={a.name} canPlay={a.canPlay} />
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-xs text-muted-foreground">You:</span>
                {TICKS.map(({ canPlay, label, Icon }) => (
                  <Button
                    key={label}
                    size="sm"
                    variant={mine?.canPlay === canPlay ? "default" : "outline"}
                    aria-pressed={mine?.canPlay === canPlay}
                    disabled={answer.isPending}
                    onClick={() => tick(slot, canPlay)}
                  >
                    <Icon aria-hidden="true" />
                    {label}
                  </Button>
                ))}
                {canAccept && (
                  <Button size="sm" className="ml-auto" disabled={acceptPending} onClick={() => onAccept(slot)}>
                    <Check aria-hidden="true" />
                    Accept this time
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
