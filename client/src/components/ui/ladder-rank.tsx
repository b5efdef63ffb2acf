// The ladder's rank column (docs/product.md, "Ladder page"): "Rank" ("#" on phones) and each row's
// rank with a trophy for first place, or a dash for a team listed without one (inactive). The ladder
// and a season's archive show the same.
import { Trophy } from "lucide-react";
import { TableCell, TableHead } from "./table";

export function RankHead() {
  return (
    <TableHead className="w-12 pl-4 sm:w-16 sm:pl-6">
      {/* Phones: "#" keeps the column narrow; screen readers still hear "Rank". */}
      <span className="max-sm:sr-only">Rank</span>
      <span className="sm:hidden" aria-hidden="true">
        #
      </span>
    </TableHead>
  );
}

export function RankCell({ rank }: { rank: number | null }) {
  return (
    <TableCell className="pl-4 font-semibold tabular-nums sm:pl-6">
      <span className="inline-flex items-center gap-1.5">
        {rank === 1 ? <Trophy className="size-4 text-amber-500" aria-label="First place" role="img" /> : null}
        {rank ?? (
          <span className="font-normal text-muted-foreground" aria-label="No rank">
            —
          </span>
        )}
      </span>
    </TableCell>
  );
}
