import { useMemo } from "react";
import { format } from "date-fns";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Minus, Plus, Sparkles } from "lucide-react";
import { CONTACT_NOTES_MAX, MAX_PROPOSED_SLOTS, SURFACE_LOCATIONS, type Surface } from "@shared/constants";
import { allFreeAt } from "@shared/availability";
import { DEFAULT_CLUB_TIMEZONE } from "@shared/time";
import { timeSlots } from "@shared/validators/challenges";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CharCount } from "@/components/ui/char-count";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { Button } from "@/components/ui/button";
import { clubQueryOptions, useZoneNote } from "@/lib/club-time";
import { FindATime, useFourGrids } from "./find-a-time";
import { SLOT_ROW } from "./propose-times-dialog";

/** One proposed time as the pickers hold it (the viewer's zone). */
export interface ScheduleSlot {
  date: string;
  time: string;
}

export interface Schedule {
  /** 1 to 3 proposed times (docs/product.md, "Proposed times"). */
  slots: ScheduleSlot[];
  notes: string;
}

export type ScheduleErrors = Partial<Record<"slots" | "notes", string>>;

/** A row's instant (the viewer's zone), or null while the date or time is missing. */
export const slotInstant = (slot: ScheduleSlot): Date | null => (slot.date && slot.time ? new Date(`${slot.date}T${slot.time}:00`) : null);

const SLOTS = timeSlots();

/**
 * Date (past days disabled), a 30-minute time slot (12-hour labels) and the contact notes with a live
 * counter; and "Compare availability with": one of the listed teams, to see when all four players are usually free.
 */
export function ScheduleCard({
  surface,
  value,
  onChange,
  errors,
  myTeamId,
  teams,
  planWith,
  onPlanWith,
}: {
  surface: Surface;
  value: Schedule;
  onChange: (next: Schedule) => void;
  errors: ScheduleErrors;
  myTeamId: number | null;
  /** The teams listed below (the current page), to find a time with. */
  teams: readonly { id: number; name: string }[];
  planWith: number | null;
  onPlanWith: (teamId: number | null) => void;
}) {
  const today = format(new Date(), "yyyy-MM-dd");
  // Today: slots that have already passed are disabled.
  const nowMinutes = useMemo(() => {
    const now = new Date();
    return now.getHours() * 60 + now.getMinutes();
  }, []);
  const zoneNote = useZoneNote();
  const club = useQuery(clubQueryOptions);
  const timeZone = club.data?.timeZone ?? DEFAULT_CLUB_TIMEZONE;
  // The four players' usual weeks, once a team to compare with is chosen: rows where all four are free are marked.
  const grids = useFourGrids(myTeamId, planWith);
  const setSlot = (i: number, next: Partial<ScheduleSlot>) =>
    onChange({ ...value, slots: value.slots.map((s, j) => (j === i ? { ...s, ...next } : s)) });
  // A suggestion fills the first empty row, else a new one, else the last.
  const pick = (slot: ScheduleSlot) => {
    const empty = value.slots.findIndex((s) => !s.date || !s.time);
    if (empty >= 0) return setSlot(empty, slot);
    if (value.slots.length < MAX_PROPOSED_SLOTS) return onChange({ ...value, slots: [...value.slots, slot] });
    setSlot(value.slots.length - 1, slot);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden="true" />
          Schedule your match
        </CardTitle>
        <CardDescription>
          Pick when you would like to play at {SURFACE_LOCATIONS[surface]} and how the other team can reach you.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {myTeamId !== null && teams.length > 0 && (
          <div className="grid gap-4 sm:col-span-2">
            <FormField label="Compare availability with" hint="See when all four of you can usually play, and pick a suggested time.">
              <Select value={planWith ?? ""} onChange={(e) => onPlanWith(e.target.value ? Number(e.target.value) : null)}>
                <option value="">Choose a team</option>
                {teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Select>
            </FormField>
            {planWith !== null && (
              <FindATime myTeamId={myTeamId} theirTeamId={planWith} onPick={pick} />
            )}
          </div>
        )}
        <fieldset className="grid gap-3 sm:col-span-2" data-testid="proposed-slots">
          <legend className="mb-1 text-sm font-medium">
            Proposed times <span className="font-normal text-muted-foreground">(1 to {MAX_PROPOSED_SLOTS}; the other captain accepts one)</span>
          </legend>
          <ol className="grid gap-3">
            {value.slots.map((slot, i) => {
              const isToday = slot.date === today;
              const at = slotInstant(slot);
              const allFree = at !== null && grids !== null && allFreeAt(grids, at, timeZone);
              return (
                <li key={i} className={SLOT_ROW}>
                  <FormField className="col-span-2 sm:col-span-1" label={`Date ${i + 1}`} required>
                    <Input type="date" min={today} value={slot.date} onChange={(e) => setSlot(i, { date: e.target.value })} />
                  </FormField>
                  <FormField label={`Time ${i + 1}`} required>
                    <Select value={slot.time} onChange={(e) => setSlot(i, { time: e.target.value })}>
                      <option value="">Select a time</option>
                      {SLOTS.map((option) => {
                        const [h, m] = option.value.split(":").map(Number);
                        const past = isToday && h! * 60 + m! <= nowMinutes;
                        return (
                          <option key={option.value} value={option.value} disabled={past}>
                            {option.label}
                          </option>
                        );
                      })}
                    </Select>
                  </FormField>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove slot ${i + 1}`}
                    disabled={value.slots.length === 1}
                    onClick={() => onChange({ ...value, slots: value.slots.filter((_, j) => j !== i) })}
                  >
                    <Minus aria-hidden="true" />
                  </Button>
                  {allFree && (
                    <p className="col-span-full -mt-1 flex items-center gap-1 text-xs font-medium text-success-text" data-testid="all-free">
                      <Sparkles className="size-3.5" aria-hidden="true" />
                      All four players are usually free then
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          {zoneNote && <p className="text-xs text-muted-foreground">{zoneNote}</p>}
          {errors.slots && (
            <p className="text-sm text-destructive-text" role="alert">
              {errors.slots}
            </p>
          )}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={value.slots.length >= MAX_PROPOSED_SLOTS}
            onClick={() => onChange({ ...value, slots: [...value.slots, { date: "", time: "" }] })}
          >
            <Plus aria-hidden="true" />
            Add a time
          </Button>
        </fieldset>
        <FormField
          className="sm:col-span-2"
          label="Contact information"
          required
          error={errors.notes}
          hint="Phone number, email or anything else the other team needs to arrange the match."
          labelAside={<CharCount value={value.notes} max={CONTACT_NOTES_MAX} />}
        >
          <Textarea
            maxLength={CONTACT_NOTES_MAX}
            placeholder="e.g. Text Alex at 604-555-0100, evenings work best"
            value={value.notes}
            onChange={(e) => onChange({ ...value, notes: e.target.value.slice(0, CONTACT_NOTES_MAX) })}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
