// The ladder's columns (docs/product.md, "Ladder page"): the header row — "Rank" ("#" on phones),
// Team, Rating, W-L, (Members,) Category — and each row's rank with a trophy for first place, or a
// dash for a team listed without one (inactive). The ladder and a season's archive show the same.
import { Trophy } from "lucide-react";
import { TableCell, TableHead, TableHeader, TableRow } from "./table";

/** The header row of a ladder table; `members` adds the Members column (the live ladder, from md up). */
export function LadderHeader({ members = false }: { members?: boolean }) {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead className="w-12 pl-4 sm:w-16 sm:pl-6">
          {/* Phones: "#" keeps the column narrow; screen readers still hear "Rank". */}
          <span className="max-sm:sr-only">Rank</span>
          <span className="sm:hidden" aria-hidden="true">
            #
          </span>
        </TableHead>
        <TableHead>Team</TableHead>
        <TableHead className="text-right">Rating</TableHead>
        <TableHead className="pr-4 text-right sm:pr-3">W-L</TableHead>
        {members ? <TableHead className="hidden md:table-cell">Members</TableHead> : null}
        <TableHead className="hidden pr-5 sm:table-cell sm:pr-6">Category</TableHead>
      </TableRow>
    </TableHeader>
  );
}

export function RankCell({ rank }: { rank: number | null }) {
  return (
    <TableCell className="pl-4 font-semibold tabular-nums sm:pl-6">
      <span className="inline-flex items-center gap-1.5">
        {rank === 1 ? <Trophy className="size-4 text-amber-500" aria-label="First place" role="img" /> : null}
        {rank ?? (
          <span className="font-normal text-muted-foreground" role="img" aria-label="No rank">
            —
          </span>
        )}
      </span>
    </TableCell>
  );
}
