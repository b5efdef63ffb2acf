// Results: the report-match form, the POST /api/matches body, disputes and their resolution.
// One schema each, used by the client form (zodResolver) and the server route. The product's messages
// live here verbatim (docs/product.md, "Challenge and result messages").
import { z } from "zod";
import { pageQuerySchema } from "../paging";
import { DISPUTE_OUTCOME, DISPUTE_OUTCOMES, DISPUTE_REASON_MAX, DISPUTE_REASON_MIN, DISPUTE_STATUS, MATCH_LIST_MAX_LIMIT, SET_WINNING_SCORE, SETS_MAX, SETS_MIN } from "../constants";

export const MATCH_MESSAGES = {
  winner: "Please select the winning team.",
  setsMissing: "Please enter scores for all sets.",
  maxScore: `Maximum score per set is ${SET_WINNING_SCORE} points.`,
  wholeNumber: `Scores must be whole numbers from 0 to ${SET_WINNING_SCORE}.`,
  negativeScore: "Scores cannot be negative.",
  winningScore: `In each set, one player must reach the winning score of ${SET_WINNING_SCORE}`,
  setsCount: `A match has between ${SETS_MIN} and ${SETS_MAX} sets.`,
  winnerSets: "The selected winner must have won more sets than the other team.",
  winnerTeam: "The winner must be one of the two teams of the match.",
  teams: "The teams must be the two teams of the challenge.",
  score: "The score must be a list of sets, each a pair of scores: [[3,1],[2,3]].",
  disputeReason: `Please provide a detailed reason for the dispute (minimum ${DISPUTE_REASON_MIN} characters)`,
  resolutionNotes: "Please enter resolution notes.",
  outcome: "Please choose whether the result stands (uphold), is corrected (correct) or the match is voided (void).",
  correction: "To correct the result, enter the right score and choose the winner.",
  correctionOnly: "Only a correction takes a score and a winner.",
  scoreSets: "Enter the score as sets, e.g. 3-1 1-3 3-2.",
} as const;

export const NOTES_MAX = 500;
export const RESOLUTION_NOTES_MAX = 2000;

/** A set as both sides' scores: [team1, team2] (also a part of the answers: shared/types/matches.ts). */
export const setScoreSchema = z.tuple([z.int(), z.int()]);
export type SetScore = z.infer<typeof setScoreSchema>;

/** Sets won by each side. */
export function setsWon(sets: readonly SetScore[]): { team1: number; team2: number } {
  let team1 = 0;
  let team2 = 0;
  for (const [a, b] of sets) {
    if (a > b) team1++;
    else if (b > a) team2++;
  }
  return { team1, team2 };
}

/** True when the named winner won more sets than the other side. */
export function winnerWonMoreSets(sets: readonly SetScore[], team1Id: number, team2Id: number, winnerTeamId: number): boolean {
  const won = setsWon(sets);
  if (winnerTeamId === team1Id) return won.team1 > won.team2;
  if (winnerTeamId === team2Id) return won.team2 > won.team1;
  return false;
}

/** Exactly one side reaches the winning score in a set. */
export function isValidSet([a, b]: SetScore): boolean {
  return (a === SET_WINNING_SCORE) !== (b === SET_WINNING_SCORE);
}

/** Parses a stored score (JSON text of [a,b] pairs) leniently for display; null when unreadable. */
export function parseStoredScore(score: string | null | undefined): SetScore[] | null {
  if (!score) return null;
  try {
    const value: unknown = JSON.parse(score);
    if (!Array.isArray(value)) return null;
    const sets: SetScore[] = [];
    for (const s of value) {
      if (!Array.isArray(s) || s.length !== 2) return null;
      const a = Number(s[0]);
      const b = Number(s[1]);
      if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
      sets.push([a, b]);
    }
    return sets;
  } catch {
    return null;
  }
}

/** A form input gives "" for an empty box and strings for typed numbers: "" means missing. */
const blankToUndefined = (v: unknown) => {
  if (v === "" || v === null || v === undefined) return undefined;
  if (typeof v === "string") return v.trim() === "" ? undefined : Number(v);
  return v;
};

const setScoreValue = z.preprocess(
  blankToUndefined,
  z
    .number({ error: MATCH_MESSAGES.setsMissing })
    .int(MATCH_MESSAGES.wholeNumber)
    .min(0, MATCH_MESSAGES.negativeScore)
    .max(SET_WINNING_SCORE, MATCH_MESSAGES.maxScore),
);

/** One set as the form holds it. */
export const setFormSchema = z
  .object({ team1Score: setScoreValue, team2Score: setScoreValue })
  .refine((s) => isValidSet([s.team1Score as number, s.team2Score as number]), {
    message: MATCH_MESSAGES.winningScore,
  });

const positiveId = (message: string) =>
  z.preprocess(blankToUndefined, z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));

const notesField = z
  .union([z.string().trim().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/**
 * The report-match form (docs/product.md, "Reporting a result"): winner, 1-5 sets with both scores each, optional notes.
 * team1Id/team2Id (the challenge's teams, hidden in the form) enable the "winner won more sets" check.
 */
export const reportMatchSchema = z
  .object({
    team1Id: positiveId(MATCH_MESSAGES.teams).optional(),
    team2Id: positiveId(MATCH_MESSAGES.teams).optional(),
    winnerTeamId: positiveId(MATCH_MESSAGES.winner),
    sets: z
      .array(setFormSchema, { error: MATCH_MESSAGES.setsMissing })
      .min(SETS_MIN, MATCH_MESSAGES.setsCount)
      .max(SETS_MAX, MATCH_MESSAGES.setsCount),
    notes: notesField,
  })
  .superRefine((v, ctx) => {
    if (v.team1Id === undefined || v.team2Id === undefined) return;
    const sets = v.sets.map((s) => [s.team1Score as number, s.team2Score as number] as SetScore);
    if (v.winnerTeamId !== v.team1Id && v.winnerTeamId !== v.team2Id) {
      ctx.addIssue({ code: "custom", path: ["winnerTeamId"], message: MATCH_MESSAGES.winnerTeam });
    } else if (!winnerWonMoreSets(sets, v.team1Id, v.team2Id, v.winnerTeamId)) {
      ctx.addIssue({ code: "custom", path: ["winnerTeamId"], message: MATCH_MESSAGES.winnerSets });
    }
  });
export type ReportMatchFormInput = z.input<typeof reportMatchSchema>;
export type ReportMatchFormValues = z.output<typeof reportMatchSchema>;

/** The score the API stores: JSON text of [team1, team2] pairs, checked with the same set rules. */
export const scoreTextSchema = z
  .string({ error: MATCH_MESSAGES.setsMissing })
  .max(200, MATCH_MESSAGES.score)
  .transform((text, ctx): SetScore[] => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.score });
      return z.NEVER;
    }
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.score });
      return z.NEVER;
    }
    if (value.length < SETS_MIN || value.length > SETS_MAX) {
      ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.setsCount });
      return z.NEVER;
    }
    const sets: SetScore[] = [];
    for (const s of value) {
      if (!Array.isArray(s) || s.length !== 2) {
        ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.setsMissing });
        return z.NEVER;
      }
      const [a, b] = s as unknown[];
      if (typeof a !== "number" || typeof b !== "number") {
        ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.setsMissing });
        return z.NEVER;
      }
      if (!Number.isInteger(a) || !Number.isInteger(b)) {
        ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.wholeNumber });
        return z.NEVER;
      }
      if (a < 0 || b < 0) {
        ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.negativeScore });
        return z.NEVER;
      }
      if (a > SET_WINNING_SCORE || b > SET_WINNING_SCORE) {
        ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.maxScore });
        return z.NEVER;
      }
      if (!isValidSet([a, b])) {
        ctx.addIssue({ code: "custom", message: MATCH_MESSAGES.winningScore });
        return z.NEVER;
      }
      sets.push([a, b]);
    }
    return sets;
  });

const apiId = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/matches: {challengeId, team1Id, team2Id, winnerTeamId, score, location, notes|null}. */
export const reportMatchBodySchema = z
  .object({
    challengeId: apiId("Please choose the challenge this match was played for."),
    team1Id: apiId(MATCH_MESSAGES.teams),
    team2Id: apiId(MATCH_MESSAGES.teams),
    winnerTeamId: apiId(MATCH_MESSAGES.winner),
    score: scoreTextSchema,
    location: z.string().trim().max(200, "Location must be at most 200 characters").optional(),
    notes: notesField,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.team1Id === v.team2Id) {
      ctx.addIssue({ code: "custom", path: ["team2Id"], message: MATCH_MESSAGES.teams });
      return;
    }
    if (v.winnerTeamId !== v.team1Id && v.winnerTeamId !== v.team2Id) {
      ctx.addIssue({ code: "custom", path: ["winnerTeamId"], message: MATCH_MESSAGES.winnerTeam });
      return;
    }
    if (!winnerWonMoreSets(v.score, v.team1Id, v.team2Id, v.winnerTeamId)) {
      ctx.addIssue({ code: "custom", path: ["winnerTeamId"], message: MATCH_MESSAGES.winnerSets });
    }
  });
export type ReportMatchBody = z.input<typeof reportMatchBodySchema>;
export type ReportMatchParsed = z.output<typeof reportMatchBodySchema>;

/** Builds the POST /api/matches body from the form's values and the challenge it belongs to. */
export function toReportMatchBody(options: {
  challengeId: number;
  team1Id: number;
  team2Id: number;
  location: string;
  values: ReportMatchFormValues;
}): ReportMatchBody {
  const { values } = options;
  return {
    challengeId: options.challengeId,
    team1Id: options.team1Id,
    team2Id: options.team2Id,
    winnerTeamId: values.winnerTeamId as number,
    score: JSON.stringify(values.sets.map((s) => [s.team1Score, s.team2Score])),
    location: options.location,
    notes: values.notes ?? null,
  };
}

/** Dispute by token or in the app: {reason}, at least 10 characters. */
export const disputeSchema = z
  .object({
    reason: z
      .string({ error: MATCH_MESSAGES.disputeReason })
      .trim()
      .min(DISPUTE_REASON_MIN, MATCH_MESSAGES.disputeReason)
      .max(DISPUTE_REASON_MAX, `The reason must be at most ${DISPUTE_REASON_MAX} characters`),
  })
  .strict();
export type DisputeInput = z.infer<typeof disputeSchema>;

/** "3-1 1-3 3-2" (or "3-1, 1-3") as the JSON text the API takes ('[[3,1],[1,3],[3,2]]'); null when unreadable. */
export function scoreTextFromSets(text: string): string | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const sets: SetScore[] = [];
  for (const part of parts) {
    const m = /^(\d{1,2})[-:](\d{1,2})$/.exec(part);
    if (!m) return null;
    sets.push([Number(m[1]), Number(m[2])]);
  }
  return JSON.stringify(sets);
}

/**
 * PATCH /api/disputes/{id} (admin): notes required; uphold (result stands), correct (the admin's
 * score and winner replace the reported ones, then it stands) or void.
 */
export const resolveDisputeSchema = z
  .object({
    status: z.literal(DISPUTE_STATUS.resolved, { error: "Status must be 'resolved'." }),
    resolutionNotes: z
      .string({ error: MATCH_MESSAGES.resolutionNotes })
      .trim()
      .min(1, MATCH_MESSAGES.resolutionNotes)
      .max(RESOLUTION_NOTES_MAX, `Resolution notes must be at most ${RESOLUTION_NOTES_MAX} characters`),
    outcome: z.enum(DISPUTE_OUTCOMES, { error: MATCH_MESSAGES.outcome }),
    score: scoreTextSchema.optional(),
    winnerTeamId: apiId(MATCH_MESSAGES.winner).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const given = v.score !== undefined || v.winnerTeamId !== undefined;
    if (v.outcome === DISPUTE_OUTCOME.correct && (v.score === undefined || v.winnerTeamId === undefined))
      ctx.addIssue({ code: "custom", path: [v.score === undefined ? "score" : "winnerTeamId"], message: MATCH_MESSAGES.correction });
    else if (v.outcome !== DISPUTE_OUTCOME.correct && given)
      ctx.addIssue({ code: "custom", path: ["outcome"], message: MATCH_MESSAGES.correctionOnly });
  });
export type ResolveDisputeInput = z.infer<typeof resolveDisputeSchema>;
/** The body as sent (score as JSON text). */
export type ResolveDisputeBody = z.input<typeof resolveDisputeSchema>;

/** Paged reads: page from 1, limit default small, at most 50. */
export const MATCH_LIST_DEFAULT_LIMIT = 10;
export const matchListQuerySchema = pageQuerySchema({ defaultLimit: MATCH_LIST_DEFAULT_LIMIT, maxLimit: MATCH_LIST_MAX_LIMIT });
export type MatchListQuery = z.infer<typeof matchListQuerySchema>;
