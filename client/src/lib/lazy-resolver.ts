// A react-hook-form resolver whose implementation (zod + a shared schema) is its own chunk. The
// sign-in screen renders its forms without zod (~22 KB gzip); the validation code is fetched when
// the user starts filling in a form (`preload`, e.g. on focus) or, at the latest, on submit.
import type { FieldValues, Resolver } from "react-hook-form";

export interface LazyResolver<TInput extends FieldValues, TOutput> extends Resolver<TInput, unknown, TOutput> {
  /** Start fetching the resolver's chunk (idempotent). */
  preload: () => void;
}

export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () => {
    // A failed fetch (offline) is retried on the next validation.
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
