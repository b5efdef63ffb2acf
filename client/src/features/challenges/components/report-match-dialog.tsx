import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Minus, Plus } from "lucide-react";
import { SET_WINNING_SCORE, SETS_MAX, SETS_MIN } from "@shared/constants";
import {
  reportMatchSchema,
  toReportMatchBody,
  NOTES_MAX,
  type ReportMatchFormInput,
  type ReportMatchFormValues,
} from "@shared/validators/matches";
import { Button } from "@/components/ui/button";
import { ClampedText } from "@/components/ui/clamped-text";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useReportMatch } from "../api/report-match";

interface TeamRef {
  id: number;
  name: string;
}

type SetErrors = { team1Score?: { message?: string }; team2Score?: { message?: string }; message?: string; root?: { message?: string } };

/** The report-match form (docs/product.md, "Reporting a result"): winner, 1-5 sets with both scores each, optional notes. */
export default function ReportMatchDialog({
  open,
  onOpenChange,
  challengeId,
  location,
  team1,
  team2,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  challengeId: number;
  location: string;
  team1: TeamRef;
  team2: TeamRef;
}) {
  const report = useReportMatch();
  const form = useForm<ReportMatchFormInput, unknown, ReportMatchFormValues>({
    resolver: zodResolver(reportMatchSchema),
    defaultValues: {
      team1Id: team1.id,
      team2Id: team2.id,
      winnerTeamId: undefined,
      sets: [{ team1Score: "", team2Score: "" }],
      notes: "",
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "sets" });
  const errors = form.formState.errors;
  const winner = form.watch("winnerTeamId");

  const onSubmit = form.handleSubmit((values) => {
    report.mutate(toReportMatchBody({ challengeId, team1Id: team1.id, team2Id: team2.id, location, values }), {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          variant: "success",
          title: "Match reported successfully!",
          description: `The result is awaiting approval by the other team.`,
        });
      },
      onError: (err) => toast({ variant: "destructive", title: "Failed to report match", description: errorMessage(err) }),
    });
  });

  const setsError = (errors.sets as { message?: string; root?: { message?: string } } | undefined);
  const arrayMessage = setsError?.message ?? setsError?.root?.message;

  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Report Result</DialogTitle>
          <DialogDescription>
            {team1.name} vs {team2.name} at {location}. The other team approves the result before ratings change.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">
              Winning team <span className="text-destructive-text" aria-hidden="true">*</span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {[team1, team2].map((team) => {
                const checked = Number(winner) === team.id;
                return (
                  <label
                    key={team.id}
                    className={cn(
                      "flex min-w-0 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm font-medium",
                      checked ? "border-primary bg-primary-soft text-primary-text" : "border-border-strong hover:bg-muted",
                    )}
                  >
                    <input
                      type="radio"
                      value={team.id}
                      className="size-4 shrink-0 accent-primary"
                      checked={checked}
                      onChange={() => form.setValue("winnerTeamId", team.id, { shouldValidate: form.formState.isSubmitted })}
                    />
                    <ClampedText lines={2}>{team.name}</ClampedText>
                  </label>
                );
              })}
            </div>
            {errors.winnerTeamId?.message && (
              <p className="text-sm font-medium text-destructive-text" aria-live="polite">
                {errors.winnerTeamId.message}
              </p>
            )}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              Set scores <span className="font-normal text-muted-foreground">(first to {SET_WINNING_SCORE})</span>
            </legend>
            <div className="grid grid-cols-[3.5rem_minmax(0,1fr)_minmax(0,1fr)_2.5rem] items-end gap-2 text-xs font-medium text-muted-foreground">
              <span />
              <ClampedText lines={2}>{team1.name}</ClampedText>
              <ClampedText lines={2}>{team2.name}</ClampedText>
              <span />
            </div>
            {fields.map((field, index) => {
              const setErrors = (errors.sets as SetErrors[] | undefined)?.[index];
              const message =
                setErrors?.team1Score?.message ?? setErrors?.team2Score?.message ?? setErrors?.message ?? setErrors?.root?.message;
              return (
                <div key={field.id} className="grid gap-1">
                  <div className="grid grid-cols-[3.5rem_minmax(0,1fr)_minmax(0,1fr)_2.5rem] items-center gap-2">
                    <span className="text-sm font-medium">Set {index + 1}</span>
                    {([["team1Score", team1], ["team2Score", team2]] as const).map(([score, team]) => (
                      <Input
                        key={score}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={SET_WINNING_SCORE}
                        aria-label={`Set ${index + 1}: ${team.name} score`}
                        aria-invalid={Boolean(setErrors?.[score] || setErrors?.message) || undefined}
                        {...form.register(`sets.${index}.${score}` as const)}
                      />
                    ))}
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={`Remove set ${index + 1}`}
                      disabled={fields.length <= SETS_MIN}
                      onClick={() => remove(index)}
                    >
                      <Minus aria-hidden="true" />
                    </Button>
                  </div>
                  {message && (
                    <p className="text-sm font-medium text-destructive-text" aria-live="polite">
                      {message}
                    </p>
                  )}
                </div>
              );
            })}
            {arrayMessage && <p className="text-sm font-medium text-destructive-text">{arrayMessage}</p>}
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={fields.length >= SETS_MAX}
              onClick={() => append({ team1Score: "", team2Score: "" })}
            >
              <Plus aria-hidden="true" />
              Add set
            </Button>
          </fieldset>

          <FormField label="Notes (optional)" error={errors.notes?.message}>
            <Textarea maxLength={NOTES_MAX} placeholder="Anything the other team should know" {...form.register("notes")} />
          </FormField>

          <DialogFooter>
            <Button variant="outline" disabled={report.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={report.isPending}>
              Submit Result
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
