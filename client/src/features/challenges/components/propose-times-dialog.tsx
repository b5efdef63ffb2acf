// The dialog that proposes 1 to 3 other times on a challenge card (docs/product.md,
// "Proposed times"): a counter-proposal while the challenge is pending, a reschedule once it is
// accepted. Its own chunk (with the form library and the schemas), loaded when a captain opens it.
import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Minus, Plus } from "lucide-react";
import { MAX_PROPOSED_SLOTS } from "@shared/constants";
import { slotsFormSchema, timeSlots, toSlotsBody, type SlotsFormValues } from "@shared/validators/challenges";
import type { ChallengeView } from "@shared/types/challenges";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useZoneNote } from "@/lib/club-time";
import { useProposeSlots } from "../api/propose-slots";

const TIMES = timeSlots();
/** A row of date, time and remove: the date on its own line on a phone, all three in a row from `sm`. */
export const SLOT_ROW = "grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]";
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** Proposes 1 to 3 other times: a counter-proposal (pending) or a reschedule (accepted). */
export default function ProposeTimesDialog({
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
