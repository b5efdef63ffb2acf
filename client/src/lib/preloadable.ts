import { createElement, lazy, startTransition, useEffect, useState, type ComponentType } from "react";

/**
 * `preload()` fetches the chunk ahead and never fails: a chunk it could not fetch (offline) is
 * fetched again by the next preload or the render. `isLoaded()`: whether its chunk has arrived.
 */
export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void>; isLoaded: () => boolean };

/**
 * React.lazy whose chunk can also be fetched ahead of rendering (`preload()`): a route's page
 * while the user query is in flight, a list's chunk while its page loads, a dialog when the user
 * points at what opens it.
 *
 * Rendered after its chunk has arrived, it renders the component at once. React.lazy alone still
 * suspends on its first render (it learns of the loaded chunk only through a promise), and React
 * holds a boundary's fallback at least ~300 ms once shown: a preloaded dialog opened that much
 * later (measured on My Challenges under a 4× CPU slowdown: 520-550 ms against 200-225), and a
 * page's first screen on a cold load ~300 ms later than its chunks and data allowed. Only a chunk
 * not yet arrived suspends (its boundary's fallback shows). Each use keeps the path it took at its
 * first render, so nothing remounts. A screen with a spinner of its own asks useChunkArrived
 * instead of suspending.
 */
export function preloadable<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (loading ??= loader().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        // A failed fetch (offline) is tried again by the next preload or render.
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(load);
  const preload = () => load().then(
    () => undefined,
    () => undefined,
  );
  const isLoaded = () => loaded !== undefined;
  function Preloaded(props: P) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloaded, { preload, isLoaded });
}

/**
 * Whether `chunk` has arrived, fetching it if not: for a screen that shows its own spinner
 * meanwhile rather than suspend (React reveals a suspended boundary's content ~300 ms after its
 * fallback at the earliest). `inTransition`: the answer turns true in a transition, also when the
 * chunk is already in, so the component's first render comes in slices that yield to the browser.
 * (A chunk that could not be fetched counts as arrived: rendered, it is fetched again and suspends.)
 */
export function useChunkArrived(chunk: Pick<Preloadable<never>, "preload" | "isLoaded">, { inTransition = false } = {}): boolean {
  const [arrived, setArrived] = useState(() => !inTransition && chunk.isLoaded());
  useEffect(() => {
    if (arrived) return;
    let mounted = true;
    void chunk.preload().then(() => {
      if (!mounted) return;
      if (inTransition) startTransition(() => setArrived(true));
      else setArrived(true);
    });
    return () => {
      mounted = false;
    };
  }, [arrived, chunk, inTransition]);
  return arrived;
}

/**
 * Fetches a chunk the member is likely to need soon (a dialog behind a button on screen) once the
 * browser has nothing else to do, so that opening it does not wait for the network on a slow
 * phone, without competing with the page's own first render. Returns the cancel.
 */
export function preloadWhenIdle(chunk: { preload: () => Promise<void> }): () => void {
  const run = () => void chunk.preload();
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 2000);
  return () => clearTimeout(timer);
}
