import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * React.lazy whose chunk can also be fetched ahead of rendering (`preload()`): a route's page
 * while the user query is in flight, or a panel when the user points at what opens it.
 */
export function preloadable<P>(loader: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  return Object.assign(lazy(loader), { preload: loader });
}
