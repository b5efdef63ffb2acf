// GET/POST /api/calendar-feed: the member's secret calendar feed (docs/product.md, "Calendar feed").
export interface CalendarFeedLink {
  /** https://…/api/calendar/{token}.ics, or null before the member made one. */
  url: string | null;
  /** The same address as webcal://… (calendar apps subscribe to it), or null. */
  webcalUrl: string | null;
}
