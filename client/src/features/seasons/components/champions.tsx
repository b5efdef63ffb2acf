// A closed season's champions (docs/product.md, "Season archives"): rank 1 of each ladder, over the
// club and within each category, as they were when it closed.
import { Trophy } from "lucide-react";
import { SURFACE_LABELS } from "@shared/constants";
import type { SeasonChampion } from "@shared/types/seasons";
import type { SeasonLadder } from "@shared/validators/seasons";

export const LADDER_NAMES: Record<SeasonLadder, string> = { ...SURFACE_LABELS, overall: "Overall" };

export function Champions({ champions }: { champions: SeasonChampion[] }) {
  if (champions.length === 0) return <p className="text-sm text-muted-foreground">No team was ranked when this season closed.</p>;
  const scopes = [...new Set(champions.map((c) => c.scope))];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {scopes.map((scope) => (
        <div key={scope} className="min-w-0 rounded-md border border-border p-3">
          <dt className="mb-1 text-sm font-semibold">{scope === "all" ? "Whole club" : scope}</dt>
          {champions
            .filter((c) => c.scope === scope)
            .map((c) => (
              <dd key={c.ladder} className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
                <span className="text-muted-foreground">{LADDER_NAMES[c.ladder]}</span>
                <span className="inline-flex min-w-0 items-baseline gap-1 text-right font-medium">
                  <Trophy className="size-3.5 shrink-0 self-center text-amber-500" aria-hidden="true" />
                  <span className="min-w-0 break-words">{c.teamName}</span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">({c.rating})</span>
                </span>
              </dd>
            ))}
        </div>
      ))}
    </dl>
  );
}
