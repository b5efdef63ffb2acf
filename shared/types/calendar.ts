// GET/POST /api/calendar-feed: the member's secret calendar feed (docs/product.md, "Calendar feed"); the
// answer's zod schema, declared by the routes as `response` (docs/decisions/033-api-reference-from-zod.md).
import { z } from "zod";

export const calendarFeedLinkSchema = z.object({
  url: z.string().nullable().describe("https://…/api/calendar/{token}.ics, or null before the member made one."),
  webcalUrl: z.string().nullable().describe("The same address as webcal://… (calendar apps subscribe to it), or null."),
});
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;
