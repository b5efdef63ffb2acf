// The ladder page's light part: whether the shown tables' first pages have answered, and the
// skeleton that stands for them until then. The tables themselves (ladder-table.tsx: the rows, the
// Provisional marker's tooltip, the pager) are a chunk of their own, fetched once the page has
// first rendered (alongside its first data), so the page's header is painted without waiting for them.
import { useDeferredValue } from "react";
import { useQueries } from "@tanstack/react-query";
import type { CompetitionType, Surface } from "@shared/constants";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { teamsQueryOptions, type TeamsFilter } from "../api/get-teams";

/** The ladder is read a page at a time (docs/product.md, "Lists and paging"): 50 teams per page. */
export const LADDER_PAGE_SIZE = 50;

/** Placeholder rows while rankings load: about a phone screen of rows. */
const SKELETON_ROWS = 8;

export const ladderFilter = (surface: Surface, competitionType: CompetitionType | undefined, page: number): TeamsFilter => ({
  surface,
  competitionType,
  page,
  limit: LADDER_PAGE_SIZE,
});

/**
 * Whether the first page of every given ladder has answered (with data or an error). The ladder
 * page shows one LadderSkeleton until then and all its tables at once: tables filled in one by one
 * would push the tables below them down as each answer arrives (layout shift). Same queries as the
 * tables' own, so nothing is fetched twice. Turning ready is a deferred (interruptible) render, so
 * building a few hundred table cells does not block the main thread in one long task.
 */
export function useLaddersReady(surfaces: readonly Surface[], competitionType: CompetitionType | undefined): boolean {
  const answered = useQueries({
    queries: surfaces.map((surface) => ({
      ...teamsQueryOptions(ladderFilter(surface, competitionType, 1)),
      // A new filter waits for its own answers rather than showing the previous filter's rows.
      placeholderData: undefined,
    })),
    combine: (results) => results.every((result) => !result.isPending),
  });
  const deferred = useDeferredValue(answered);
  return answered && deferred;
}

export function SkeletonRows() {
  return (
    <div className="space-y-2 px-5 sm:px-6" role="status" aria-busy="true" aria-label="Loading rankings">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** Stands for the ladder tables until useLaddersReady: the first table's card, title and rows. */
export function LadderSkeleton() {
  return (
    <Card>
      <CardHeader className="pb-3">
        <Skeleton className="h-5.5 w-36" />
        <Skeleton className="h-5 w-28" />
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <SkeletonRows />
      </CardContent>
    </Card>
  );
}

