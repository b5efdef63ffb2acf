// GET /api/events (Server-Sent Events; docs/decisions/025-live-updates.md). Each message's data is a
// LiveMessage: the kind of change and, for a notification, its id. Never anything else: the client
// reads what changed through the ordinary API, with its own permissions.

/** The messages that are not a notification. */
export const LIVE_MESSAGE = {
  /** First message of every stream; its SSE id is the member's newest notification id. */
  ready: "ready",
  /** Something may have been missed (the server lost its LISTEN connection): read everything again. */
  resync: "resync",
  /** A result now stands (confirmed, auto-confirmed, upheld): ratings and ranks moved. To everyone. */
  ladderChanged: "ladder.changed",
} as const;

export interface LiveMessage {
  /** A notification's type ("challenge.received", "result.reported"…) or one of LIVE_MESSAGE. */
  type: string;
  /** The notification's id (also the SSE event id), for a notification. */
  id?: number;
}

/** How many event streams one member may hold open on one server (tabs of the app). */
export const MAX_EVENT_STREAMS_PER_USER = 5;

export const TOO_MANY_STREAMS_MESSAGE = `Live updates are open in too many tabs (at most ${MAX_EVENT_STREAMS_PER_USER}). Close a tab of the app to get them here.`;
