// Club rules: the challenge clock's windows and the club breaks (docs/product.md, "Club rules",
// "Club breaks"). A change applies to deadlines set after it; a break pauses every running clock.
import { useState, type FormEvent } from "react";
import { CalendarOff, Trash2 } from "lucide-react";
import type { ClubRules } from "@shared/types/clock";
import { CLUB_BREAK_NAME_MAX, CLUB_RULE_LIMITS, clubBreakSchema, clubRulesSchema, type ClubRulesInput } from "@shared/validators/clock";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import { toast } from "@/components/ui/toast";
import { fieldErrors } from "@/lib/field-errors";
import { ApiError, errorMessage } from "@/lib/api-client";
import { clubDay } from "@/features/club/api/get-club-break";
import { useClubRules } from "../api/get-club-rules";
import { useUpdateClubRules } from "../api/update-club-rules";
import { useClubBreaks } from "../api/get-club-breaks";
import { useDeclareClubBreak } from "../api/declare-club-break";
import { useRemoveClubBreak } from "../api/remove-club-break";
import { QueryCard } from "@/components/ui/section-card";

type RuleKey = keyof ClubRulesInput;
const RULE_FIELDS: { key: RuleKey; label: string; unit: string; step: string; hint: string }[] = [
  { key: "answerWindowHours", label: "Answer window", unit: "hours", step: "1", hint: "A challenged captain accepts or declines within it; unanswered, the challenge expires." },
  { key: "playByDays", label: "Play-by window", unit: "days", step: "1", hint: "After acceptance, a result is reported within it (never before the match time + 2 days)." },
  { key: "approvalDays", label: "Result approval window", unit: "days", step: "1", hint: "The other team confirms or disputes a result within it; then it is confirmed automatically." },
  { key: "reminderPoint", label: "Reminder point", unit: "of a window", step: "0.01", hint: "One reminder goes out after this fraction of the answer and play-by windows (0.67 = two thirds)." },
  { key: "inactivityDays", label: "Inactivity threshold", unit: "days", step: "1", hint: "A team without a confirmed match for this long is inactive." },
];

const asText = (rules: ClubRules): Record<RuleKey, string> => ({
  answerWindowHours: String(rules.answerWindowHours),
  playByDays: String(rules.playByDays),
  approvalDays: String(rules.approvalDays),
  reminderPoint: String(Math.round(rules.reminderPoint * 100) / 100),
  inactivityDays: String(rules.inactivityDays),
});

function RulesForm({ rules }: { rules: ClubRules }) {
  const update = useUpdateClubRules();
  const [draft, setDraft] = useState<Record<RuleKey, string>>(() => asText(rules));
  const [errors, setErrors] = useState<Partial<Record<RuleKey, string>>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = clubRulesSchema.safeParse(
      Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim() === "" ? undefined : Number(v)])),
    );
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(asText(saved));
        toast({ variant: "success", title: "Club Rules Updated", description: "New deadlines follow them; running clocks keep theirs." });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<RuleKey, string>>);
        toast({ variant: "destructive", title: "Failed to Update Club Rules", description: errorMessage(err) });
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {RULE_FIELDS.map((f) => (
          <FormField key={f.key} label={`${f.label} (${f.unit})`} hint={f.hint} error={errors[f.key]}>
            <Input
              type="number"
              inputMode="decimal"
              step={f.step}
              min={CLUB_RULE_LIMITS[f.key].min}
              max={CLUB_RULE_LIMITS[f.key].max}
              value={draft[f.key]}
              onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
            />
          </FormField>
        ))}
      </div>
      <Notice>A change applies to deadlines set after it: challenges and results already running keep their deadlines.</Notice>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save Club Rules"}
        </Button>
      </div>
    </form>
  );
}

function Breaks() {
  const [page, setPage] = useState(1);
  const list = useClubBreaks(page);
  const declare = useDeclareClubBreak();
  const remove = useRemoveClubBreak();
  const [draft, setDraft] = useState({ name: "", from: "", to: "" });
  const [errors, setErrors] = useState<Partial<Record<"name" | "from" | "to", string>>>({});
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = clubBreakSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    declare.mutate(parsed.data, {
      onSuccess: (b) => {
        setDraft({ name: "", from: "", to: "" });
        toast({ variant: "success", title: "Club Break Saved", description: `${b.name}: no new challenges, and every deadline pauses.` });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields as typeof errors);
        toast({ variant: "destructive", title: "Failed to Save Club Break", description: errorMessage(err) });
      },
    });
  };
  const doRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toast({ variant: "success", title: "Club Break Removed", description: "The deadlines it paused are back." });
      },
      onError: (err) => {
        setRemoving(null);
        toast({ variant: "destructive", title: "Failed to Remove Club Break", description: errorMessage(err) });
      },
    });

  return (
    <div className="grid gap-4 border-t border-border pt-4">
      <div>
        <h3 className="flex items-center gap-2 font-semibold">
          <CalendarOff className="size-4" aria-hidden="true" />
          Club breaks
        </h3>
        <p className="text-sm text-muted-foreground">
          During a break (an exam period, the holidays) no new challenges can be sent and every running clock pauses. Days are the club&apos;s.
        </p>
      </div>
      <form onSubmit={submit} noValidate aria-label="Add a club break" className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
        <FormField label="Name" error={errors.name}>
          <Input value={draft.name} maxLength={CLUB_BREAK_NAME_MAX} placeholder="Exam period" onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </FormField>
        <FormField label="First day" error={errors.from}>
          <Input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </FormField>
        <FormField label="Last day" error={errors.to}>
          <Input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={declare.isPending}>
          {declare.isPending ? "Saving…" : "Add Break"}
        </Button>
      </form>
      {list.data && list.data.items.length === 0 && <EmptyState title="No club breaks" />}
      {list.data && list.data.items.length > 0 && (
        <ul className="grid gap-2" aria-label="Club breaks">
          {list.data.items.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{b.name}</span>{" "}
                <span className="text-muted-foreground">
                  {clubDay(b.from)} to {clubDay(b.to)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge variant={b.state === "current" ? "warning" : b.state === "upcoming" ? "default" : "secondary"}>
                  {b.state === "current" ? "Now" : b.state === "upcoming" ? "Upcoming" : "Past"}
                </Badge>
                {b.state === "upcoming" && (
                  <Button size="sm" variant="ghost" aria-label={`Remove ${b.name}`} onClick={() => setRemoving({ id: b.id, name: b.name })}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager of={list.data} onPageChange={setPage} label="Club breaks pages" />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this club break?"
        description={`${removing?.name ?? ""} has not started: the deadlines it paused move back.`}
        confirmLabel="Remove Break"
        cancelLabel="Keep it"
        destructive
        pending={remove.isPending}
        onConfirm={doRemove}
      />
    </div>
  );
}

export function ClubRulesCard() {
  const rules = useClubRules();
  return (
    <QueryCard
      title="Club rules"
      description="The challenge clock: how long captains have to answer, play and approve, when reminders go out, and the club's breaks."
      query={rules}
      failed="Failed to load the club rules"
      skeletonClassName="h-64 w-full"
    >
      {(data) => (
        <div className="grid gap-6">
          <RulesForm rules={data} />
          <Breaks />
        </div>
      )}
    </QueryCard>
  );
}
