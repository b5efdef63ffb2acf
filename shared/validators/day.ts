// The one schema of a calendar-day field ('YYYY-MM-DD', a real date; club days in the forms of
// club breaks, away ranges and seasons). Spaces around it are dropped; anything else gets `message`.
import { z } from "zod";
import { isDay } from "../time";

export const calendarDaySchema = (message: string) => z.string({ error: message }).trim().max(10, message).refine(isDay, message);
