import { useMemo } from "react";
import { format } from "date-fns";
import { CalendarClock } from "lucide-react";
import { CONTACT_NOTES_MAX, SURFACE_LOCATIONS, type Surface } from "@shared/constants";
import { timeSlots } from "@shared/validators/challenges";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CharCount } from "@/components/ui/char-count";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useZoneNote } from "@/lib/club-time";
import { FindATime } from "./find-a-time";

export interface Schedule {
  date: string;
  time: string;
  notes: string;
}

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
  errors: Partial<Record<keyof Schedule, string>>;
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
  const isToday = value.date === today;
  const zoneNote = useZoneNote();

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
              <FindATime myTeamId={myTeamId} theirTeamId={planWith} onPick={({ date, time }) => onChange({ ...value, date, time })} />
            )}
          </div>
        )}
        <FormField label="Date" required error={errors.date}>
          <Input
            type="date"
            min={today}
            value={value.date}
            onChange={(e) => onChange({ ...value, date: e.target.value })}
          />
        </FormField>
        <FormField label="Time" required error={errors.time} hint={zoneNote}>
          <Select value={value.time} onChange={(e) => onChange({ ...value, time: e.target.value })}>
            <option value="">Select a time</option>
            {SLOTS.map((slot) => {
              const [h, m] = slot.value.split(":").map(Number);
              const past = isToday && h! * 60 + m! <= nowMinutes;
              return (
                <option key={slot.value} value={slot.value} disabled={past}>
                  {slot.label}
                </option>
              );
            })}
          </Select>
        </FormField>
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
