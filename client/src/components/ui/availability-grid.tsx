// The weekly availability grid (docs/product.md, "Weekly availability"): days down, morning /
// afternoon / evening across (narrow enough for a 320 px phone). Either a player's own grid with a
// box per cell, or a read-only one whose cells say how many players are free.
import type { ReactNode } from "react";
import { Check } from "lucide-react";
import { DAY_PART_LABELS, DAY_PARTS, WEEK_DAY_LABELS, WEEK_DAYS, type DayPart, type WeekDay } from "@shared/constants";
import type { Availability } from "@shared/availability";
import { cn } from "@/lib/utils";

const SHORT_PART_LABELS: Record<DayPart, string> = { morning: "Morn.", afternoon: "Aft.", evening: "Eve." };

function Grid({ label, cell }: { label: string; cell: (day: WeekDay, part: DayPart) => ReactNode }) {
  return (
    <table className="w-full table-fixed border-collapse text-sm" aria-label={label}>
      <thead>
        <tr>
          <th scope="col" className="w-[4.5rem] pb-1 text-left font-medium text-muted-foreground sm:w-28">
            <span className="sr-only">Day</span>
          </th>
          {DAY_PARTS.map((part) => (
            <th key={part} scope="col" className="pb-1 text-center text-xs font-medium text-muted-foreground sm:text-sm">
              {/* A phone's column is too narrow for "Afternoon": a short label, the full one for screen readers. */}
              <span className="sm:hidden" aria-hidden="true">
                {SHORT_PART_LABELS[part]}
              </span>
              <span className="sr-only sm:not-sr-only">{DAY_PART_LABELS[part]}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {WEEK_DAYS.map((day) => (
          <tr key={day} className="border-t border-border">
            <th scope="row" className="py-1 pr-1 text-left font-medium text-foreground">
              <span className="sm:hidden">{WEEK_DAY_LABELS[day].slice(0, 3)}</span>
              <span className="hidden sm:inline">{WEEK_DAY_LABELS[day]}</span>
            </th>
            {DAY_PARTS.map((part) => (
              <td key={part} className="p-0.5 text-center">
                {cell(day, part)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const slotName = (day: WeekDay, part: DayPart) => `${WEEK_DAY_LABELS[day]} ${DAY_PART_LABELS[part].toLowerCase()}`;

/** A player's own grid: one box per day and part. */
export function AvailabilityEditor({ value, onChange, disabled }: { value: Availability; onChange: (next: Availability) => void; disabled?: boolean }) {
  return (
    <Grid
      label="My usual availability"
      cell={(day, part) => (
        <label className="flex h-9 cursor-pointer items-center justify-center rounded-md hover:bg-muted has-[:checked]:bg-primary-soft">
          <input
            type="checkbox"
            className="size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            aria-label={slotName(day, part)}
            checked={value[day][part]}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, [day]: { ...value[day], [part]: e.target.checked } })}
          />
        </label>
      )}
    />
  );
}

/** Several players' grids together: each cell says how many of them are usually free; all of them: marked. */
export function AvailabilityOverlap({ label, counts, of, allLabel }: { label: string; counts: Map<string, number>; of: number; allLabel: string }) {
  return (
    <Grid
      label={label}
      cell={(day, part) => {
        const n = counts.get(`${day}-${part}`) ?? 0;
        const all = of > 0 && n === of;
        return (
          <div
            data-all-free={all || undefined}
            className={cn(
              "flex h-9 items-center justify-center gap-1 rounded-md text-xs tabular-nums",
              all ? "bg-primary font-semibold text-primary-foreground" : n > 0 ? "bg-muted text-foreground" : "text-muted-foreground",
            )}
          >
            {all && <Check className="size-3.5" aria-hidden="true" />}
            <span aria-hidden="true">
              {n}/{of}
            </span>
            <span className="sr-only">
              {slotName(day, part)}: {all ? allLabel : `${n} of ${of} free`}
            </span>
          </div>
        );
      }}
    />
  );
}
