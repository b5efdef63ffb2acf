// PUT /api/user/availability: a player's usual week (docs/product.md, "Weekly availability"). One
// schema for the profile's form and the route; the messages are the product's.
import { z } from "zod";
import { DAY_PART_LABELS, DAY_PARTS, WEEK_DAY_LABELS, WEEK_DAYS, type DayPart, type WeekDay } from "../constants";

export const AVAILABILITY_MESSAGES = {
  shape: "Please send your availability as the seven days mon to sun, each with morning, afternoon and evening.",
  unknownDay: (keys: string[]) => `Unknown day: ${keys.join(", ")}. The days are mon, tue, wed, thu, fri, sat and sun.`,
  unknownPart: (keys: string[]) => `Unknown part of day: ${keys.join(", ")}. The parts are morning, afternoon and evening.`,
  missingDay: (day: string) => `Please give your availability for ${day}: morning, afternoon and evening.`,
  missingPart: (slot: string) => `Please say whether you can usually play on ${slot} (true or false).`,
  notBoolean: (slot: string) => `${slot} must be true or false.`,
} as const;

// Each day's and part's schema knows its own name, so a message can say "Tuesday evening".
const partSchema = (day: WeekDay, part: DayPart) => {
  const slot = `${WEEK_DAY_LABELS[day]} ${DAY_PART_LABELS[part].toLowerCase()}`;
  return z.boolean({ error: (iss) => (iss.input === undefined ? AVAILABILITY_MESSAGES.missingPart(slot) : AVAILABILITY_MESSAGES.notBoolean(slot)) });
};

const daySchema = (day: WeekDay) =>
  z.strictObject(
    {
      morning: partSchema(day, "morning"),
      afternoon: partSchema(day, "afternoon"),
      evening: partSchema(day, "evening"),
    } satisfies Record<DayPart, z.ZodBoolean>,
    {
      error: (iss) =>
        iss.code === "unrecognized_keys"
          ? AVAILABILITY_MESSAGES.unknownPart(iss.keys)
          : iss.input === undefined
            ? AVAILABILITY_MESSAGES.missingDay(WEEK_DAY_LABELS[day])
            : AVAILABILITY_MESSAGES.shape,
    },
  );

export const availabilitySchema = z.strictObject(
  {
    mon: daySchema("mon"),
    tue: daySchema("tue"),
    wed: daySchema("wed"),
    thu: daySchema("thu"),
    fri: daySchema("fri"),
    sat: daySchema("sat"),
    sun: daySchema("sun"),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? AVAILABILITY_MESSAGES.unknownDay(iss.keys) : AVAILABILITY_MESSAGES.shape) },
);
// Every day and part is in the schema (the constants and this file must agree).
void (WEEK_DAYS satisfies readonly (keyof z.infer<typeof availabilitySchema>)[]);
void (DAY_PARTS satisfies readonly DayPart[]);

export const updateAvailabilitySchema = z.strictObject(
  { availability: availabilitySchema },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys" ? `Unknown field: ${iss.keys.join(", ")}` : iss.input === undefined ? AVAILABILITY_MESSAGES.shape : undefined,
  },
);
export type UpdateAvailabilityInput = z.infer<typeof updateAvailabilitySchema>;
