import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * A function that keeps its identity across renders and always calls the latest `fn`: an event
 * handler for memoised children (a list's rows) that would otherwise render again whenever the
 * parent makes its handler anew. Only for handlers called after rendering (a click), never during it.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
