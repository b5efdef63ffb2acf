import { startTransition, useEffect, useState } from "react";

/** Table rows per slice: about a phone screen of them. */
const ROWS_PER_SLICE = 10;

/**
 * How many of a list's `total` items to render: about a screenful (`perSlice`) at once, then as
 * many more in each later task, until all are there. Building a list of 50 rows with their badges
 * and tooltips in one go is one long task that holds up a slow phone's main thread (taps,
 * scrolling); in slices each task stays short, and the first rows are painted sooner. The later
 * slices are transitions: a tap in between is handled first. A list that changes keeps its count
 * (a new page of the same list renders whole).
 */
export function useProgressiveCount(total: number, perSlice = ROWS_PER_SLICE): number {
  const [count, setCount] = useState(perSlice);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + perSlice)));
    return () => clearTimeout(timer);
  }, [count, total, perSlice]);
  return Math.min(count, total);
}
