// The calendar feed (docs/product.md, "Calendar feed"): the member's address (GET, and POST to make
// or reset it) and the feed itself, GET /api/calendar/{token}.ics, for calendar apps (no session).
import type { Router } from "express";
import { z } from "zod";
import { calendarFeedLinkSchema } from "@shared/types/calendar";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../middleware/auth";
import { apiRouter } from "../../lib/route";
import { AppError } from "../../lib/app-error";
import { rateLimit } from "../../lib/rate-limit";
import { getCalendarFeedLink, readCalendarFeed, resetCalendarFeed } from "./calendar.service";
import { matchesEtag } from "./calendar.ics";
import { requestLog } from "../../middleware/request-context";

export const FEED_NOT_FOUND = "This calendar link is not valid (it may have been reset).";
const FeedParams = z.object({ token: z.string({ error: FEED_NOT_FOUND }).max(200, FEED_NOT_FOUND) });

export function calendarRoutes(deps: AppDeps): Router {
  const { router, route } = apiRouter(deps);
  // Like the other token endpoints, per address; but only a token that matches no feed counts (as
  // sign-in counts only failures), and the check runs only when the feed is not already in memory:
  // calendar apps poll from shared addresses, and an unchanged feed must cost no database work.
  const feedLimit = rateLimit({ db: deps.db, logger: deps.logger, action: "calendar-feed", max: deps.env.AUTH_RATE_LIMIT_MAX });

  route({
    method: "get",
    path: "/calendar-feed",
    guard: "verified",
    cache: "uncached",
    response: calendarFeedLinkSchema,
    handler: async (req, res) => {
      res.json(await getCalendarFeedLink(deps, { actor: currentUser(req) }));
    },
  });

  route({
    method: "post",
    path: "/calendar-feed",
    guard: "verified",
    response: calendarFeedLinkSchema,
    handler: async (req, res) => {
      res.json(await resetCalendarFeed({ ...deps, logger: requestLog(req) }, { actor: currentUser(req) }));
    },
  });

  route({
    method: "get",
    path: "/calendar/:token.ics",
    guard: "token",
    params: FeedParams,
    cache: "uncached",
    response: {
      mediaType: "text/calendar",
      description: "The member's matches and accepted challenges as an iCalendar feed, with an ETag: a request with a matching If-None-Match answers 304 without a body.",
    },
    handler: async (req, res, { params }) => {
      const feed = await readCalendarFeed(deps, { token: params.token, beforeDatabase: () => feedLimit.gate(req, res) });
      if (!feed) {
        await feedLimit.count(req, res, undefined);
        throw new AppError(404, FEED_NOT_FOUND, { code: "not_found" });
      }
      // Calendar apps may keep it, but must ask again (If-None-Match) before using it.
      res.setHeader("Cache-Control", "private, no-cache");
      res.setHeader("ETag", feed.etag);
      if (matchesEtag(req.get("if-none-match"), feed.etag)) return void res.status(304).end();
      res.setHeader("Content-Type", "text/calendar; charset=utf-8");
      res.setHeader("Content-Disposition", 'inline; filename="doubles-ladder.ics"');
      res.send(feed.body);
    },
  });

  return router;
}
