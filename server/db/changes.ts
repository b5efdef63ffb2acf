// Data changes, as one counter per process: the read cache (server/lib/read-cache.ts) is valid for
// one value of it. It moves on three paths:
//  - this process's own writes: every write statement (or COMMIT/ROLLBACK) that went through this
//    process's database handle bumps it when it completes, before the caller goes on;
//  - every other writer (other instances, the CLI, psql): migration 0002's triggers send
//    NOTIFY dl_data_changed from every statement that writes a cached table, which PostgreSQL
//    delivers at commit (never for a rollback) to each instance's LISTEN connection;
//  - losing that LISTEN connection: the counter is "not live" until it is back (the cache is
//    bypassed meanwhile), and moves again on reconnecting.

/** The NOTIFY channel of migration 0002's triggers. */
export const CHANGE_CHANNEL = "dl_data_changed";

export class DataChanges {
  private version = 0;
  private live = true;
  private readonly listeners = new Set<() => void>();

  /** The current version: a cached value is valid only while this stays what it was when read. */
  get current(): number {
    return this.version;
  }

  /** False while notifications from other writers could be missed (the cache must not be used). */
  get isLive(): boolean {
    return this.live;
  }

  /** Something was (or may have been) written. */
  bump(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** Notifications from other writers stopped (false) or resumed (true); both move the version. */
  setLive(live: boolean): void {
    this.live = live;
    this.bump();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const RATE_LIMITS_ONLY = /^\s*(insert\s+into|delete\s+from|update)\s+"?(rate_limits|mail_outbox|push_deliveries)"?[\s(]/i;
const READ_HEADS = new Set(["select", "begin", "start", "set", "show", "savepoint", "release", "listen", "unlisten", "explain", "prepare", "deallocate", "values", "table"]);

/**
 * True when a statement's completion should move the version: anything that is not plainly a read
 * (INSERT/UPDATE/DELETE, DDL, COMMIT, ROLLBACK, a WITH that holds a write). Erring towards true
 * only costs a cache refill.
 */
export function mayWrite(text: string): boolean {
  // Rate-limit counters and the mail and push queues' delivery bookkeeping are no cached read's data
  // (no change trigger on them either): the delivery workers' writes must not empty the cache.
  if (RATE_LIMITS_ONLY.test(text)) return false;
  const head = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  if (head === "with") return /\b(insert|update|delete|merge)\b/i.test(text);
  return head === undefined || !READ_HEADS.has(head);
}
