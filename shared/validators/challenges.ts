// Challenges: the send-challenge form's rules, the status change, the reads' query strings, and the
// codes of the refusals of who may challenge whom. The product's titles and messages live here
// verbatim; the server answers each refusal with the title and message below, the client form shows
// the same texts.
import { z } from "zod";
import { pageQuerySchema } from "../paging";
import {
  CHALLENGE_REACH,
  CHALLENGE_STATUS,
  COMPETITION_TYPES,
  CONTACT_NOTES_MAX,
  MAX_PROPOSED_SLOTS,
  RESPONSE_NOTE_MAX,
  SURFACES,
  TIME_SLOT_END_MINUTES,
  TIME_SLOT_START_MINUTES,
  TIME_SLOT_STEP_MINUTES,
} from "../constants";
import { surfaceFromLocation } from "../places";
import { zonedParts } from "../availability";

export interface TitledMessage {
  title: string;
  message: string;
}

/** Refusals of POST /api/challenges, each with its toast title. */
export const CHALLENGE_ERRORS = {
  surface: { title: "Surface Type Required", message: "Please select a surface type before challenging a team." },
  category: {
    title: "Competition Category Required",
    message: "Please choose a specific competition category (Men's, Women's or Mixed Doubles) before challenging a team.",
  },
  dateTime: { title: "Date and Time Required", message: "Please select both a date and time for the match" },
  dateTimePast: { title: "Date and Time Required", message: "Please choose a match date and time in the future." },
  notes: { title: "Contact Information Required", message: "Please include your contact information in the notes" },
  notesTooLong: {
    title: "Contact Information Too Long",
    message: `Contact information must be at most ${CONTACT_NOTES_MAX} characters.`,
  },
  team: { title: "Team Required", message: "Please choose the team you want to challenge." },
  active: { title: "Challenge Already Active", message: "There is already an active challenge with this team." },
} as const satisfies Record<string, TitledMessage>;

/**
 * Why a team may not challenge another one now (the rule: server/modules/challenges/
 * challenges.eligibility.ts). POST /api/challenges answers the refusal with its code; the
 * /challenge-teams table gives each row its code and reason.
 */
export const CHALLENGE_REFUSAL = {
  noTeam: "no_team",
  ownTeam: "own_team",
  ownNotApproved: "pending_approval",
  ownSuspended: "suspended",
  clubBreak: "club_break",
  teamNotFound: "team_not_found",
  categoryNotYours: "category_not_yours",
  otherCategory: "other_category",
  teamNotApproved: "team_not_approved",
  teamSuspended: "team_suspended",
  teamAway: "team_away",
  active: "challenge_active",
  outOfReach: "out_of_reach",
  wildcardsUsed: "wildcards_used",
  captainOnly: "captain_only",
} as const;
export type ChallengeRefusalCode = (typeof CHALLENGE_REFUSAL)[keyof typeof CHALLENGE_REFUSAL];

/** The client-side messages of the challenge form. */
export const CHALLENGE_FORM_MESSAGES = {
  surface: "Please select a surface type first",
  dateTime: "Please select both a date and time for the match",
  notes: "Please include your contact information in the notes",
} as const;

const TITLE_BY_MESSAGE = new Map<string, string>(Object.values(CHALLENGE_ERRORS).map((e) => [e.message, e.title]));
/** The toast title that goes with one of the messages above (undefined for others). */
export function challengeErrorTitle(message: string): string | undefined {
  return TITLE_BY_MESSAGE.get(message);
}

const MAX_ID = 2_147_483_647;

/** The refusals of a proposal of times (docs/product.md, "Proposed times"), one message each. */
export const SLOT_MESSAGES = {
  none: "Please propose at least one time for the match.",
  tooMany: `Please propose at most ${MAX_PROPOSED_SLOTS} times for the match.`,
  startsAt: "Each proposed time needs a date and a time.",
  past: "Each proposed time must be in the future.",
  offGrid: "Each proposed time must be on the half hour, from 6:00 AM to 10:30 PM club time.",
  duplicate: "The same time is proposed twice: please propose different times.",
  location: "Each proposed place must name the surface (UBC grass, Jericho Beach or Jericho Hardcourt).",
  otherSurface: "Each proposed place must be on the challenge's surface.",
  slotId: "Please choose which proposed time you accept.",
} as const;

/** True when `when` starts on the challenge form's grid: every 30 minutes from 06:00 to 22:30, club time. */
export function isOnSlotGrid(when: Date, timeZone: string): boolean {
  if (when.getUTCSeconds() !== 0 || when.getUTCMilliseconds() !== 0) return false;
  const { hour, minute } = zonedParts(when, timeZone);
  const m = hour * 60 + minute;
  return m >= TIME_SLOT_START_MINUTES && m <= TIME_SLOT_END_MINUTES && (m - TIME_SLOT_START_MINUTES) % TIME_SLOT_STEP_MINUTES === 0;
}

/** One proposed time: {startsAt (ISO), location?} (no location: the challenge's). */
export const slotSchema = z
  .object({
    startsAt: z
      .string({ error: SLOT_MESSAGES.startsAt })
      .trim()
      .max(40, SLOT_MESSAGES.startsAt)
      .pipe(z.iso.datetime({ offset: true, error: SLOT_MESSAGES.startsAt }))
      .transform((v) => new Date(v))
      .refine((d) => !Number.isNaN(d.getTime()), SLOT_MESSAGES.startsAt)
      .refine((d) => d.getTime() > Date.now(), SLOT_MESSAGES.past),
    location: z
      .string({ error: SLOT_MESSAGES.location })
      .trim()
      .max(200, SLOT_MESSAGES.location)
      .refine((v) => surfaceFromLocation(v) !== undefined, SLOT_MESSAGES.location)
      .optional(),
  })
  .strict();
export type SlotBody = z.input<typeof slotSchema>;

/** 1 to 3 proposed times, no time twice. The grid (club time) is checked by the service, which knows the zone. */
export const slotsSchema = z
  .array(slotSchema, { error: SLOT_MESSAGES.none })
  .min(1, SLOT_MESSAGES.none)
  .max(MAX_PROPOSED_SLOTS, SLOT_MESSAGES.tooMany)
  .refine((slots) => {
    // Runs also when an element failed (its startsAt then is not a Date): only the parsed ones count.
    const times = slots.map((s) => s.startsAt).filter((d): d is Date => d instanceof Date);
    return new Set(times.map((d) => d.getTime())).size === times.length;
  }, SLOT_MESSAGES.duplicate);
export type SlotsInput = z.output<typeof slotsSchema>;

/** POST /api/challenges/{id}/slots: a counter-proposal (pending) or a reschedule proposal (accepted). */
export const proposeSlotsSchema = z.object({ slots: slotsSchema }).strict();
export type ProposeSlotsBody = z.input<typeof proposeSlotsSchema>;

/**
 * The propose-times form (a challenge, a counter-proposal, a reschedule): 1 to 3 rows of a date
 * (yyyy-mm-dd) and a time (HH:MM) as the viewer's picker shows them; `toSlotsBody` makes the instants.
 */
export const slotsFormSchema = z.object({
  slots: z
    .array(z.object({ date: z.string().min(1, SLOT_MESSAGES.startsAt), time: z.string().min(1, SLOT_MESSAGES.startsAt) }))
    .min(1, SLOT_MESSAGES.none)
    .max(MAX_PROPOSED_SLOTS, SLOT_MESSAGES.tooMany)
    .refine((rows) => rows.every((r) => !r.date || !r.time || new Date(`${r.date}T${r.time}:00`).getTime() > Date.now()), SLOT_MESSAGES.past)
    .refine((rows) => new Set(rows.map((r) => `${r.date}T${r.time}`)).size === rows.length, SLOT_MESSAGES.duplicate),
});
export type SlotsFormValues = z.infer<typeof slotsFormSchema>;

/** The form's rows as POST /api/challenges/{id}/slots takes them (each date and time read in the viewer's zone). */
export function toSlotsBody(values: SlotsFormValues): ProposeSlotsBody {
  return { slots: values.slots.map((r) => ({ startsAt: new Date(`${r.date}T${r.time}:00`).toISOString() })) };
}

/** PUT /api/challenges/{id}/slots/{slotId}/answer: a player's tick on a proposed time. */
export const slotAnswerSchema = z.object({ canPlay: z.boolean({ error: "canPlay must be true or false." }) }).strict();
export type SlotAnswerBody = z.infer<typeof slotAnswerSchema>;

/**
 * POST /api/challenges: {challengedTeamId, location, competitionType, notes, proposedDateTime (ISO)}.
 * Keys are checked in the order of docs/product.md, "Sending a challenge" (surface, category, date and time, contact), so the first
 * issue is the one the user meets first. Unknown keys are dropped.
 */
export const createChallengeSchema = z
  .object({
  location: z
    .string({ error: CHALLENGE_ERRORS.surface.message })
    .trim()
    .max(200, CHALLENGE_ERRORS.surface.message)
    .refine((v) => surfaceFromLocation(v) !== undefined, CHALLENGE_ERRORS.surface.message),
  competitionType: z.enum(COMPETITION_TYPES, { error: CHALLENGE_ERRORS.category.message }),
  /** The older single time: one slot (kept for older clients; `slots` wins when both are sent). */
  proposedDateTime: z
    .string({ error: CHALLENGE_ERRORS.dateTime.message })
    .trim()
    .max(40, CHALLENGE_ERRORS.dateTime.message)
    .pipe(z.iso.datetime({ offset: true, error: CHALLENGE_ERRORS.dateTime.message }))
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), CHALLENGE_ERRORS.dateTime.message)
    .refine((d) => d.getTime() > Date.now(), CHALLENGE_ERRORS.dateTimePast.message)
    .optional(),
  /** 1 to 3 proposed times (docs/product.md, "Proposed times"). */
  slots: slotsSchema.optional(),
  notes: z
    .string({ error: CHALLENGE_ERRORS.notes.message })
    .trim()
    .min(1, CHALLENGE_ERRORS.notes.message)
    .max(CONTACT_NOTES_MAX, CHALLENGE_ERRORS.notesTooLong.message),
  challengedTeamId: z
    .number({ error: CHALLENGE_ERRORS.team.message })
    .int(CHALLENGE_ERRORS.team.message)
    .positive(CHALLENGE_ERRORS.team.message)
    .max(MAX_ID, CHALLENGE_ERRORS.team.message),
  })
  .refine((v) => v.slots !== undefined || v.proposedDateTime !== undefined, {
    path: ["proposedDateTime"],
    message: CHALLENGE_ERRORS.dateTime.message,
    // Reported with the other fields' issues (in the product's order), not only once they pass.
    when: (payload) => {
      const v = payload.value as { slots?: unknown; proposedDateTime?: unknown } | null;
      return typeof v === "object" && v !== null && v.slots === undefined && v.proposedDateTime === undefined;
    },
  })
  .transform(({ proposedDateTime, slots, ...rest }) => ({
    ...rest,
    /** The proposed times, each with its place (the challenge's when none is given). */
    slots: (slots ?? [{ startsAt: proposedDateTime!, location: undefined }]).map((s) => ({
      startsAt: s.startsAt,
      location: s.location ?? rest.location,
    })),
    /** Whether the times came as `slots` (checked against the grid) or as the older single time. */
    legacyTime: slots === undefined,
  }));
export type CreateChallengeBody = z.input<typeof createChallengeSchema>;
export type CreateChallengeInput = z.output<typeof createChallengeSchema>;

/** PATCH /api/challenges/{id}. */
export const CHALLENGE_UPDATE_STATUSES = [CHALLENGE_STATUS.accepted, CHALLENGE_STATUS.declined, CHALLENGE_STATUS.canceled] as const;
export type ChallengeUpdateStatus = (typeof CHALLENGE_UPDATE_STATUSES)[number];
export const RESPONSE_NOTE_MESSAGES = {
  tooLong: `The note must be at most ${RESPONSE_NOTE_MAX} characters.`,
  onlyWithAnswer: "A note goes only with accepting or declining a challenge.",
} as const;
/**
 * {status, note?}: the challenged captain's optional note with the answer (accepting: how to reach
 * them; declining: the reason), at most 200 characters, shown to the challenger and mailed.
 */
export const updateChallengeSchema = z
  .object({
    status: z.enum(CHALLENGE_UPDATE_STATUSES, { error: "Status must be accepted, declined or canceled." }),
    /** Accepting: which open proposed time (optional when only one is open). */
    slotId: z.number({ error: SLOT_MESSAGES.slotId }).int(SLOT_MESSAGES.slotId).positive(SLOT_MESSAGES.slotId).max(MAX_ID, SLOT_MESSAGES.slotId).optional(),
    note: z
      .union([z.string({ error: RESPONSE_NOTE_MESSAGES.tooLong }).trim().max(RESPONSE_NOTE_MAX, RESPONSE_NOTE_MESSAGES.tooLong), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .strict()
  .refine((v) => v.note === null || v.status !== CHALLENGE_STATUS.canceled, { path: ["note"], message: RESPONSE_NOTE_MESSAGES.onlyWithAnswer })
  .refine((v) => v.slotId === undefined || v.status === CHALLENGE_STATUS.accepted, { path: ["slotId"], message: "A proposed time goes only with accepting a challenge." });
export type UpdateChallengeInput = z.infer<typeof updateChallengeSchema>;

/** GET /api/challenges/incoming|outgoing: open challenges by default, the finished ones with status=past, every status with status=all. */
export const CHALLENGE_LIST_DEFAULT_LIMIT = 20;
export const CHALLENGE_LIST_MAX_LIMIT = 50;
export const challengeListQuerySchema = pageQuerySchema({ defaultLimit: CHALLENGE_LIST_DEFAULT_LIMIT, maxLimit: CHALLENGE_LIST_MAX_LIMIT }).extend({
  status: z.enum(["open", "past", "all"], { error: "status must be open, past or all." }).default("open"),
});
export type ChallengeListQuery = z.infer<typeof challengeListQuerySchema>;

/** GET /api/challenges/candidates?surface=&competitionType= (both optional; category 'all' or absent = every category). */
export const CANDIDATES_DEFAULT_LIMIT = 50;
export const CANDIDATES_MAX_LIMIT = 100;
export const candidatesQuerySchema = pageQuerySchema({ defaultLimit: CANDIDATES_DEFAULT_LIMIT, maxLimit: CANDIDATES_MAX_LIMIT }).extend({
  /** Absent: no surface chosen yet (card rating and overall record, no ranks, no reach rule). */
  surface: z.enum(SURFACES, { error: "surface must be grass, beach or hardcourt." }).optional(),
  competitionType: z
    .union([z.enum(COMPETITION_TYPES), z.literal("all")], {
      error: "competitionType must be all, Men's Doubles, Women's Doubles or Mixed Doubles.",
    })
    .optional()
    .transform((v) => (v === "all" ? undefined : v)),
});
export type CandidatesQuery = z.infer<typeof candidatesQuerySchema>;

/** The reach rule (docs/product.md, "Reach"): any team below, or up to CHALLENGE_REACH places above. */
export function withinReach(myPosition: number, theirPosition: number): boolean {
  return theirPosition >= myPosition - CHALLENGE_REACH;
}

/** The tooltip / refusal text for an out-of-reach team. Unranked positions count as one below the last. */
export function outOfReachMessage(options: { myRank: number | null; theirRank: number | null; ladderSize: number }): string {
  const me = options.myRank === null ? `unranked, counted as #${options.ladderSize + 1}` : `#${options.myRank}`;
  const them = options.theirRank === null ? "unranked" : `#${options.theirRank}`;
  return `Out of reach: you can challenge teams up to ${CHALLENGE_REACH} places above you (you are ${me}, they are ${them}).`;
}

/** Time slots of the schedule card: minutes after midnight, every 30 minutes 06:00-22:30. */
export function timeSlots(): { value: string; label: string }[] {
  const slots: { value: string; label: string }[] = [];
  for (let m = TIME_SLOT_START_MINUTES; m <= TIME_SLOT_END_MINUTES; m += TIME_SLOT_STEP_MINUTES) {
    const h = Math.floor(m / 60);
    const min = m % 60;
    const value = `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
    const h12 = h % 12 === 0 ? 12 : h % 12;
    const label = `${h12}:${String(min).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
    slots.push({ value, label });
  }
  return slots;
}
