// GET /api/events: the signed-in member's live updates, as Server-Sent Events
// (docs/decisions/025-live-updates.md; the streams are server/lib/live-events.ts).
import type { Request, Router } from "express";
import { eventsQuerySchema } from "@shared/validators/events";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { apiRouter } from "../../lib/route";
import { takePreloadedUser } from "../../auth/session";
import { listMissedEvents } from "./events.service";

/** The Last-Event-ID header the browser sends when it reconnects by itself; ignored unless a plain number. */
function lastEventIdOf(req: Request): number | undefined {
  const header = req.get("last-event-id")?.trim();
  return header && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
}

/**
 * Whether this request's session still signs the user in: not signed out or ended, and the user not
 * suspended nor of a deleted team (the session store reads it with its user, through the read cache).
 */
function sessionStands(req: Request, userId: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    req.sessionStore.get(req.sessionID, (err, sess) => {
      // The user read with the session is handed to no deserializer here: take it.
      const user = takePreloadedUser(req);
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      const signedIn = String((sess as { passport?: { user?: unknown } } | null | undefined)?.passport?.user) === String(userId);
      resolve(signedIn && !(user && (user.isSuspended || user.teamDeletedAt)));
    });
  });
}

export function eventsRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);

  route({
    method: "get",
    path: "/events",
    guard: "signedIn",
    query: eventsQuerySchema,
    cache: "uncached",
    response: {
      mediaType: "text/event-stream",
      description:
        "Server-Sent Events, open until the session ends: each message's data is JSON { type, id? } (a notification's type and id, or ready, resync, ladder.changed; LiveMessage in shared/types/events.ts); a reconnection sends Last-Event-ID to replay what it missed.",
    },
    handler: async (req, res, { query }) => {
      const actor = currentUser(req);
      const after = lastEventIdOf(req) ?? query.lastEventId;
      await deps.events.serve(req, res, {
        userId: actor.id,
        replay: () => listMissedEvents(deps, { actor, after }),
        stillSignedIn: () => sessionStands(req, actor.id),
      });
    },
  });

  return router;
}
