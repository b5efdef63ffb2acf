import { startTransition, useEffect, useState } from "react";

/** Table rows per slice: about a phone screen of them. */
const ROWS_PER_SLICE = 10;

const NONE: readonly never[] = [];

/**
 * The part of a list to render: about a screenful (`perSlice` items) at once, then as many more in
 * each later task, until all are there. Building a list of 50 rows with their badges and tooltips
 * in one go is one long task that holds up a slow phone's main thread (taps, scrolling); in slices
 * each task stays short, and the first rows are painted sooner. The later slices are transitions: a
 * tap in between is handled first. A list that changes keeps its count (a new page of the same list
 * renders whole). No list yet (its query pending): none.
 */
export function useProgressive<T>(items: readonly T[] | undefined, perSlice = ROWS_PER_SLICE): readonly T[] {
  const total = items?.length ?? 0;
  const [count, setCount] = useState(perSlice);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + perSlice)));
    return () => clearTimeout(timer);
  }, [count, total, perSlice]);
  if (!items) return NONE;
  return count >= total ? items : items.slice(0, count);
}
