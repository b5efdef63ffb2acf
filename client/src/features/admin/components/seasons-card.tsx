// Seasons (docs/product.md, "Seasons"): the admin plans seasons (name, first and last day, the
// carry-over applied when each starts), changes one that has not started, and closes the current
// one now. The jobs runner closes a season by itself after its last day.
import { useState, type FormEvent } from "react";
import { CalendarRange, Pencil } from "lucide-react";
import type { SeasonView } from "@shared/types/seasons";
import { CARRY_OVER_MAX_PERCENT, SEASON_NAME_MAX, SEASON_TITLES, seasonSchema } from "@shared/validators/seasons";
import { formatSeasonDay } from "@shared/time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { toast } from "@/components/ui/toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { fieldErrors } from "@/lib/field-errors";
import { useAdminSeasons, useCloseSeason, useSaveSeason } from "@/features/seasons/api/admin-seasons";
import { QueryCard } from "@/components/ui/section-card";

type Field = "name" | "firstDay" | "lastDay" | "carryOverPercent";
const EMPTY = { name: "", firstDay: "", lastDay: "", carryOverPercent: "0" };

const STATE_BADGES: Record<SeasonView["state"], { label: string; variant: "warning" | "default" | "secondary" }> = {
  current: { label: "Current", variant: "warning" },
  upcoming: { label: "Upcoming", variant: "default" },
  ending: { label: "Closing", variant: "secondary" },
  closed: { label: "Closed", variant: "secondary" },
};

function SeasonForm({ editing, onDone }: { editing: SeasonView | null; onDone: () => void }) {
  const save = useSaveSeason();
  const [draft, setDraft] = useState(
    editing
      ? { name: editing.name, firstDay: editing.firstDay, lastDay: editing.lastDay, carryOverPercent: String(editing.carryOverPercent) }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = seasonSchema.safeParse({ ...draft, carryOverPercent: draft.carryOverPercent === "" ? Number.NaN : Number(draft.carryOverPercent) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { id: editing?.id ?? null, input: parsed.data },
      {
        onSuccess: (s) => {
          setDraft(EMPTY);
          onDone();
          toast({ variant: "success", title: "Season Saved", description: `${s.name}: ${formatSeasonDay(s.firstDay)} to ${formatSeasonDay(s.lastDay)}.` });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields as typeof errors);
          toast({ variant: "destructive", title: SEASON_TITLES.save, description: errorMessage(err) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-start" aria-label={editing ? `Change ${editing.name}` : "New season"}>
      <FormField label="Name" error={errors.name}>
        <Input value={draft.name} maxLength={SEASON_NAME_MAX} placeholder="Winter Term 2027" onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
      </FormField>
      <FormField label="First day" error={errors.firstDay}>
        <Input type="date" value={draft.firstDay} onChange={(e) => setDraft({ ...draft, firstDay: e.target.value })} />
      </FormField>
      <FormField label="Last day" error={errors.lastDay}>
        <Input type="date" value={draft.lastDay} onChange={(e) => setDraft({ ...draft, lastDay: e.target.value })} />
      </FormField>
      <FormField label="Carry-over (%)" hint={`Pulls every rating toward 1500 when it starts (0 to ${CARRY_OVER_MAX_PERCENT}).`} error={errors.carryOverPercent}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={CARRY_OVER_MAX_PERCENT}
          step={1}
          value={draft.carryOverPercent}
          onChange={(e) => setDraft({ ...draft, carryOverPercent: e.target.value })}
        />
      </FormField>
      <div className="flex gap-2 lg:mt-6">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : editing ? "Save Changes" : "Add Season"}
        </Button>
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function Seasons() {
  const [page, setPage] = useState(1);
  const list = useAdminSeasons(page);
  const close = useCloseSeason();
  const [editing, setEditing] = useState<SeasonView | null>(null);
  const [closing, setClosing] = useState<SeasonView | null>(null);

  const doClose = () =>
    closing &&
    close.mutate(closing.id, {
      onSuccess: (s) => {
        setClosing(null);
        toast({ variant: "success", title: "Season Closed", description: `${s.name}: its final standings are in the archive.` });
      },
      onError: (err) => {
        setClosing(null);
        toast({ variant: "destructive", title: SEASON_TITLES.close, description: errorMessage(err) });
      },
    });

  return (
    <div className="grid gap-4">
      <SeasonForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
      {list.data && list.data.items.length === 0 && <EmptyState icon={CalendarRange} title="No seasons yet" />}
      {list.data && list.data.items.length > 0 && (
        <ul className="grid gap-2" aria-label="Seasons">
          {list.data.items.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{s.name}</span>{" "}
                <span className="text-muted-foreground">
                  {formatSeasonDay(s.firstDay)} to {formatSeasonDay(s.lastDay)}
                  {s.carryOverPercent > 0 ? ` · carry-over ${s.carryOverPercent}%` : ""}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge variant={STATE_BADGES[s.state].variant}>{STATE_BADGES[s.state].label}</Badge>
                {s.state === "upcoming" && (
                  <Button size="sm" variant="ghost" aria-label={`Change ${s.name}`} onClick={() => setEditing(s)}>
                    <Pencil aria-hidden="true" />
                  </Button>
                )}
                {(s.state === "current" || s.state === "ending") && (
                  <Button size="sm" variant="outline" onClick={() => setClosing(s)}>
                    Close Now
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager of={list.data} onPageChange={setPage} label="Seasons pages" />}
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => !open && setClosing(null)}
        title="Close this season now?"
        description={`${closing?.name ?? ""} ends today: its final standings are frozen into the archive and cannot change afterwards.`}
        confirmLabel="Close Season"
        cancelLabel="Keep it open"
        destructive
        pending={close.isPending}
        onConfirm={doClose}
      />
    </div>
  );
}

export function SeasonsCard() {
  const first = useAdminSeasons(1);
  return (
    <QueryCard
      title="Seasons"
      description="Plan the club's seasons. Each closes by itself after its last day, freezing its final standings; a new one starts with the carry-over you chose."
      query={first}
      failed="Failed to load the seasons"
      skeletonClassName="h-40 w-full"
    >
      {() => <Seasons />}
    </QueryCard>
  );
}
