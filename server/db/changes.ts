// Data changes, as one counter per process: the read cache (server/lib/read-cache.ts) is valid for
// one value of it. It moves on three paths:
//  - this process's own writes: a write statement outside a transaction bumps it when it completes,
//    before the caller goes on; a transaction's writes bump it once, when its COMMIT completes (until
//    then no other connection sees them, so no read can have gone stale). A transaction that wrote
//    nothing, or only the tables no cached read shows (mayWrite), and a ROLLBACK move nothing
//    (StatementTracker below; docs/decisions/041-a-transaction-moves-the-read-cache-once.md);
//  - every other writer (other instances, the CLI, psql): migration 0002's triggers send
//    NOTIFY dl_data_changed from every statement that writes a cached table, which PostgreSQL
//    delivers at commit (never for a rollback) to each instance's LISTEN connection; the payload
//    names the writing instance (migration 0019), and an instance ignores its own;
//  - losing that LISTEN connection: the counter is "not live" until it is back (the cache is
//    bypassed meanwhile), and moves again on reconnecting.

/** The NOTIFY channel of migration 0002's triggers. */
export const CHANGE_CHANNEL = "dl_data_changed";
/**
 * The setting that names a server instance's pooled connections in those notifications (migration
 * 0019: the payload). An instance ignores its own, already counted by its write tracking.
 */
export const WRITER_SETTING = "dl.writer";

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

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|end)\b/i;
const TRANSACTION_ABORT = /^\s*(rollback|abort)\b/i;
/** ROLLBACK TO [SAVEPOINT] x undoes part of a transaction, which goes on. */
const PARTIAL_ROLLBACK = /^\s*rollback\s+((work|transaction)\s+)?to\b/i;
const SAVEPOINT = /^\s*(savepoint|release)\b/i;

/**
 * One connection's statements, in the order it runs them: says which one's completion moves the
 * data version. Outside a transaction, each statement that may write (mayWrite); inside one, only
 * its COMMIT, and only when a statement of it may have written. Erring towards a move only costs a
 * refill: a COMMIT with no transaction seen to start moves it.
 */
export class StatementTracker {
  private inTransaction = false;
  private wrote = false;

  /** Notes `text`, about to run on this connection; true when its completion must move the version. */
  movesOnCompletion(text: string): boolean {
    if (TRANSACTION_START.test(text)) {
      // A BEGIN inside a transaction is only a warning: that transaction goes on, with what it wrote.
      this.wrote = this.inTransaction && this.wrote;
      this.inTransaction = true;
      return false;
    }
    if (TRANSACTION_END.test(text)) {
      const moves = !this.inTransaction || this.wrote;
      this.inTransaction = this.wrote = false;
      return moves;
    }
    if (PARTIAL_ROLLBACK.test(text) || SAVEPOINT.test(text)) return false;
    if (TRANSACTION_ABORT.test(text)) {
      // Nothing of the transaction was committed: no read can have gone stale.
      this.inTransaction = this.wrote = false;
      return false;
    }
    const writes = mayWrite(text);
    if (!this.inTransaction) return writes;
    this.wrote ||= writes;
    return false;
  }
}
