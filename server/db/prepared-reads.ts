// Reads as named prepared statements, so that each connection plans a statement once instead of on
// every request. The app's statements are small and indexed: PostgreSQL spent 1.5–4 ms planning
// each and 0.1–0.7 ms running it (docs/performance.md).
//
// Kept because `npm run bench -- --ab` measures it above 10 % on the reads that reach the database
// (figures in docs/performance.md); PREPARED_STATEMENTS=off turns it off (e.g. behind PgBouncer in
// transaction mode older than 1.21, which cannot keep named statements).
//
// How: a subclass of pg.Client (pg-pool's documented `Client` option) gives query()'s read
// statements a name, one per distinct SQL text, through pg's public `name` field of a query config.
// Only SELECT and WITH … SELECT (never a write, never DDL, which would invalidate plans); at most
// MAX_PREPARED distinct texts (dynamic ones beyond that run unnamed). Tested in
// server/db/pg-client.test.ts.
import crypto from "node:crypto";
import { mayWrite } from "./changes";
import { statementText, type ClientClass } from "./write-tracking";

export const MAX_PREPARED = 400;

/** The names given so far, shared by every connection of a pool (each prepares on first use). */
export class PreparedNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max = MAX_PREPARED) {}

  /** A name for a read statement; undefined for a write, a long text, or past the limit. */
  nameFor(text: string): string | undefined {
    if (text.length > 8000 || !/^\s*(select|with)\b/i.test(text) || mayWrite(text)) return undefined;
    let name = this.names.get(text);
    if (!name && this.names.size < this.max) {
      name = `dl_${crypto.createHash("sha1").update(text).digest("base64url").slice(0, 24)}`;
      this.names.set(text, name);
    }
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

export function withPreparedReads(Base: ClientClass, names: PreparedNames): ClientClass {
  class PreparedReadsClient extends Base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const [config, ...rest] = args as [unknown, ...unknown[]];
      const text = statementText(config);
      if (text !== undefined && typeof (config as { submit?: unknown } | null)?.submit !== "function") {
        if (typeof config === "string") {
          // Only with parameters: pg sends a bare string through the simple protocol.
          const name = Array.isArray(rest[0]) ? names.nameFor(text) : undefined;
          if (name) return super.query({ text, name }, ...(rest as [unknown[]]));
        } else if (!(config as { name?: string }).name) {
          const name = names.nameFor(text);
          if (name) return super.query({ ...(config as object), text, name }, ...(rest as [unknown[]]));
        }
      }
      return super.query(...(args as [string]));
    }
  }
  return PreparedReadsClient;
}
