// Proposed times on a challenge card (docs/product.md, "Proposed times"): the open times with every
// player's "can play / can't", the viewer's own ticks, "Accept this time" for the captain whose turn
// it is, and the dialog that proposes 1 to 3 other times (a counter-proposal or a reschedule).
import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Minus, Plus, ThumbsDown, ThumbsUp } from "lucide-react";
import { MAX_PROPOSED_SLOTS } from "@shared/constants";
import { slotsFormSchema, timeSlots, toSlotsBody, type SlotsFormValues } from "@shared/validators/challenges";
import type { ChallengeSlotView, ChallengeView } from "@shared/types/challenges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatLongDateTime } from "@/lib/format";
import { useZoneMark, useZoneNote } from "@/lib/club-time";
import { cn } from "@/lib/utils";
import { useAnswerSlot } from "../api/answer-slot";
import { useProposeSlots } from "../api/propose-slots";

const TIMES = timeSlots();
/** A row of date, time and remove: the date on its own line on a phone, all three in a row from `sm`. */
export const SLOT_ROW = "grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]";
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

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

/** Proposes 1 to 3 other times: a counter-proposal (pending) or a reschedule (accepted). */
export function ProposeTimesDialog({
  open,
  onOpenChange,
  challenge,
  reschedule,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  challenge: Pick<ChallengeView, "id" | "opponent">;
  reschedule: boolean;
}) {
  const propose = useProposeSlots();
  const zoneNote = useZoneNote();
  const form = useForm<SlotsFormValues>({ resolver: zodResolver(slotsFormSchema), defaultValues: { slots: [{ date: "", time: "" }] } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "slots" });
  const errors = form.formState.errors;
  const listError = errors.slots?.message ?? errors.slots?.root?.message;
  const onSubmit = form.handleSubmit((values) =>
    propose.mutate(
      { id: challenge.id, body: toSlotsBody(values) },
      {
        onSuccess: () => {
          onOpenChange(false);
          form.reset();
          toast({ variant: "success", title: "Times Proposed", description: `${challenge.opponent.name} has been told and can accept one of them.` });
        },
        onError: (err) => toast({ variant: "destructive", title: "Times Not Proposed", description: errorMessage(err) }),
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !propose.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{reschedule ? "Reschedule the match" : "Propose other times"}</DialogTitle>
          <DialogDescription>
            {reschedule
              ? `Propose up to ${MAX_PROPOSED_SLOTS} new times. The agreed time stands until ${challenge.opponent.name}'s captain accepts one.`
              : `Propose up to ${MAX_PROPOSED_SLOTS} times that suit your team; ${challenge.opponent.name}'s captain then accepts one or proposes others.`}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4">
          <ol className="grid gap-3">
            {fields.map((field, i) => (
              <li key={field.id} className={SLOT_ROW}>
                <FormField className="col-span-2 sm:col-span-1" label={`Date ${i + 1}`} error={errors.slots?.[i]?.date?.message}>
                  <Input type="date" min={today()} {...form.register(`slots.${i}.date`)} />
                </FormField>
                <FormField label={`Time ${i + 1}`} error={errors.slots?.[i]?.time?.message}>
                  <Select {...form.register(`slots.${i}.time`)}>
                    <option value="">Select a time</option>
                    {TIMES.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove slot ${i + 1}`} disabled={fields.length === 1} onClick={() => remove(i)}>
                  <Minus aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
          {zoneNote && <p className="text-xs text-muted-foreground">{zoneNote}</p>}
          {listError && (
            <p className="text-sm text-destructive-text" role="alert">
              {listError}
            </p>
          )}
          <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={fields.length >= MAX_PROPOSED_SLOTS} onClick={() => append({ date: "", time: "" })}>
            <Plus aria-hidden="true" />
            Add a time
          </Button>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={propose.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={propose.isPending}>
              {reschedule ? "Propose new times" : "Propose times"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
