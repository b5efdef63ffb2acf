// Live-update notices (docs/decisions/025-live-updates.md): what the event streams of GET /api/events
// tell open tabs. A service publishes one with `SELECT pg_notify('dl_live_events', payload)` inside
// the transaction of its change (server/lib/live-events.ts), so PostgreSQL delivers it at COMMIT
// (never for a rollback) to every instance's LISTEN connection, the one that also hears the data
// changes (server/db/client.ts); on PGlite the same notification reaches this process's listener.

/** The NOTIFY channel of live-update notices. */
export const LIVE_CHANNEL = "dl_live_events";

export class LiveNotices {
  private readonly listeners = new Set<(payload: string) => void>();
  private readonly resumeListeners = new Set<() => void>();

  /** A notice arrived (its payload as sent). */
  emit(payload: string): void {
    for (const listener of this.listeners) listener(payload);
  }

  /** The LISTEN connection came back after being lost: notices sent meanwhile were missed. */
  resumed(): void {
    for (const listener of this.resumeListeners) listener();
  }

  onNotice(listener: (payload: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }
}
