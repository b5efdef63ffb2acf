import { createElement, lazy, useState, type ComponentType } from "react";

/** `preload()` fetches the chunk ahead and never fails: a chunk it could not fetch (offline) is fetched again by the next preload or the render. */
export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React.lazy whose chunk can also be fetched ahead of rendering (`preload()`): a route's page
 * while the user query is in flight, or a dialog when the user points at what opens it.
 *
 * `renderOnceLoaded` (dialogs): rendered after its chunk has arrived, it renders the component at
 * once. React.lazy alone still suspends on its first render (it learns of the loaded chunk only
 * through a promise), and React holds a boundary's fallback at least ~300 ms once shown: a preloaded
 * dialog opened that much later (measured on My Challenges under a 4× CPU slowdown: 520-550 ms
 * against 200-225 with it). Route pages keep React.lazy's way: rendered at once, a page and the
 * layout became one long task (Lighthouse's blocking time on /ladder 210-360 ms against 70-150).
 * Each use keeps the path it took at its first render, so nothing remounts.
 */
export function preloadable<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
  { renderOnceLoaded = false }: { renderOnceLoaded?: boolean } = {},
): Preloadable<P> {
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
  if (!renderOnceLoaded) return Object.assign(Lazy, { preload });
  function Preloaded(props: P) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloaded, { preload });
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
