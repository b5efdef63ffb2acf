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
  SURFACES,
  TIME_SLOT_END_MINUTES,
  TIME_SLOT_START_MINUTES,
  TIME_SLOT_STEP_MINUTES,
} from "../constants";
import { surfaceFromLocation } from "../places";

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

/**
 * POST /api/challenges: {challengedTeamId, location, competitionType, notes, proposedDateTime (ISO)}.
 * Keys are checked in the order of docs/product.md, "Sending a challenge" (surface, category, date and time, contact), so the first
 * issue is the one the user meets first. Unknown keys are dropped.
 */
export const createChallengeSchema = z.object({
  location: z
    .string({ error: CHALLENGE_ERRORS.surface.message })
    .trim()
    .max(200, CHALLENGE_ERRORS.surface.message)
    .refine((v) => surfaceFromLocation(v) !== undefined, CHALLENGE_ERRORS.surface.message),
  competitionType: z.enum(COMPETITION_TYPES, { error: CHALLENGE_ERRORS.category.message }),
  proposedDateTime: z
    .string({ error: CHALLENGE_ERRORS.dateTime.message })
    .trim()
    .max(40, CHALLENGE_ERRORS.dateTime.message)
    .pipe(z.iso.datetime({ offset: true, error: CHALLENGE_ERRORS.dateTime.message }))
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), CHALLENGE_ERRORS.dateTime.message)
    .refine((d) => d.getTime() > Date.now(), CHALLENGE_ERRORS.dateTimePast.message),
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
});
export type CreateChallengeBody = z.input<typeof createChallengeSchema>;
export type CreateChallengeInput = z.output<typeof createChallengeSchema>;

/** PATCH /api/challenges/{id}. */
export const CHALLENGE_UPDATE_STATUSES = [CHALLENGE_STATUS.accepted, CHALLENGE_STATUS.declined, CHALLENGE_STATUS.canceled] as const;
export type ChallengeUpdateStatus = (typeof CHALLENGE_UPDATE_STATUSES)[number];
export const RESPONSE_NOTE_MAX = CONTACT_NOTES_MAX;
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
    note: z
      .union([z.string({ error: RESPONSE_NOTE_MESSAGES.tooLong }).trim().max(RESPONSE_NOTE_MAX, RESPONSE_NOTE_MESSAGES.tooLong), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .strict()
  .refine((v) => v.note === null || v.status !== CHALLENGE_STATUS.canceled, { path: ["note"], message: RESPONSE_NOTE_MESSAGES.onlyWithAnswer });
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
