// Live updates (docs/decisions/025-live-updates.md): while a member is signed in, one EventSource on
// GET /api/events; each message says what kind of thing changed, and the matching queries are
// invalidated (through each feature's key factory and the one "a result changed" invalidation), so
// the bell, My Challenges, the ladder and the approval cards refresh without a reload. Nothing is
// read from the message but its type: the data comes through the ordinary API calls.
//
// Reconnecting: while the stream is merely cut (a restart, a network change) the browser reconnects
// by itself, after the server's `retry` hint, sending Last-Event-ID; the server first sends the
// notifications missed. A refused stream (signed out 401, too many tabs 429, restarting 503) is
// closed for good by the browser: it is opened again here after 1, 2, 4 … 60 s (with jitter), and
// the user is read again (a 401 there signs the app out, which stops this hook). After any
// reconnect, everything shown is read again: a broadcast (the ladder moved) is not replayed.
import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { LIVE_MESSAGE, type LiveMessage } from "@shared/types/events";
import { userQueryKey } from "@/lib/auth";
import { adminKeys } from "@/features/admin/api/keys";
import { challengeKeys } from "@/features/challenges/api/keys";
import { ladderKeys } from "@/features/ladder/api/keys";
import { teamKeys } from "@/features/teams/api/keys";
import { invalidateAfterResult } from "@/features/matches/api/result-changed";
import { notificationKeys } from "./keys";

const MAX_BACKOFF_MS = 60_000;

const invalidateAll = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);

/** A notification's screens, by the first part of its type ("challenge.received" → challenge). */
const AREAS: Record<string, (queryClient: QueryClient) => Promise<void>> = {
  challenge: (qc) => invalidateAll(qc, [challengeKeys.all]),
  result: invalidateAfterResult,
  dispute: invalidateAfterResult,
  account: (qc) => invalidateAll(qc, [userQueryKey, teamKeys.all, ladderKeys.all, adminKeys.all]),
  team: (qc) => invalidateAll(qc, [userQueryKey, teamKeys.all, ladderKeys.all, adminKeys.all]),
};

/** What one live message makes stale. */
export async function applyLiveMessage(queryClient: QueryClient, message: LiveMessage): Promise<void> {
  switch (message.type) {
    case LIVE_MESSAGE.ready:
      return;
    case LIVE_MESSAGE.resync:
      return queryClient.invalidateQueries();
    case LIVE_MESSAGE.ladderChanged:
      return invalidateAfterResult(queryClient);
  }
  // A notification of the member's: the bell, and the screens of its area.
  const area = AREAS[message.type.split(".")[0] ?? ""];
  await Promise.all([invalidateAll(queryClient, [notificationKeys.all]), area?.(queryClient)]);
}

/** The reconnect delay after `attempt` refused streams: 1, 2, 4 … 60 s, each between half and all of it. */
export function backoffMs(attempt: number, random = Math.random()): number {
  const full = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempt);
  return Math.round(full / 2 + (full / 2) * random);
}

export function useLiveUpdates(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId = "";
    let attempt = 0;
    let wasReady = false;
    let stopped = false;
    const connect = () => {
      source = new EventSource(lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : "/api/events");
      source.onmessage = (e: MessageEvent<string>) => {
        if (e.lastEventId) lastEventId = e.lastEventId;
        let message: LiveMessage;
        try {
          message = JSON.parse(e.data) as LiveMessage;
        } catch {
          return;
        }
        if (message.type === LIVE_MESSAGE.ready) {
          attempt = 0;
          // A reconnect: what was broadcast meanwhile is not replayed, so read everything shown again.
          if (wasReady) void queryClient.invalidateQueries();
          wasReady = true;
          return;
        }
        void applyLiveMessage(queryClient, message);
      };
      source.onerror = () => {
        // CONNECTING: the browser is reconnecting by itself. CLOSED: refused; try again later.
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        source.close();
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
        timer = setTimeout(connect, backoffMs(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [signedIn, queryClient]);
}
