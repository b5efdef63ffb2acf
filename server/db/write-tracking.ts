// This process reads its own writes past the read cache (server/lib/read-cache.ts). Other writers'
// commits reach the cache through NOTIFY, which arrives a moment after the commit; a request of
// this process must not answer from the cache a read that its own write, just committed, changed.
// So the data version moves when a statement of this process that may write completes, before its
// caller goes on: a write outside a transaction, or the COMMIT of a transaction that may have
// written (server/db/changes.ts, StatementTracker: one per connection, in the order it runs them).
//
// How: the pool opens its connections from a subclass of pg.Client (pg-pool's documented `Client`
// option) whose query() notes the completion. query()'s public forms only: (text | config,
// values?, callback?) returning a promise, or calling the callback. Tested in
// server/db/pg-client.test.ts; the read cache's own tests (tests/perf/read-cache.test.ts) show the
// effect through the app.
import type pg from "pg";
import { StatementTracker, type DataChanges } from "./changes";

export type ClientClass = typeof pg.Client;
type AnyArgs = Parameters<pg.Client["query"]> | unknown[];

/** The statement text of query()'s first argument (a string or a config object), if any. */
export function statementText(config: unknown): string | undefined {
  if (typeof config === "string") return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : undefined;
}

export function withWriteTracking(Base: ClientClass, changes: DataChanges): ClientClass {
  class WriteTrackingClient extends Base {
    private readonly statements = new StatementTracker();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const text = statementText(args[0]);
      // A Submittable (pg-cursor, pg-query-stream) is not the app's way to write: passed through.
      const submittable = typeof (args[0] as { submit?: unknown } | null)?.submit === "function";
      if (text === undefined || submittable || !this.statements.movesOnCompletion(text)) return super.query(...(args as AnyArgs as [string]));
      const last = args.length - 1;
      if (typeof args[last] === "function") {
        const callback = args[last] as (...a: unknown[]) => void;
        args[last] = (...a: unknown[]) => {
          changes.bump();
          callback(...a);
        };
        return super.query(...(args as AnyArgs as [string]));
      }
      return (super.query(...(args as AnyArgs as [string])) as unknown as Promise<unknown>).then(
        (result) => {
          changes.bump();
          return result;
        },
        (err: unknown) => {
          changes.bump();
          throw err;
        },
      );
    }
  }
  return WriteTrackingClient;
}
