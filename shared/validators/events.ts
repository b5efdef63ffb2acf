// Input of GET /api/events (docs/decisions/025-live-updates.md).
import { z } from "zod";

/**
 * `lastEventId`: the newest notification id this tab was sent, for a tab that opens a new stream
 * itself (the browser's own reconnect sends the Last-Event-ID header instead, which wins).
 */
export const eventsQuerySchema = z.strictObject({
  lastEventId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;
