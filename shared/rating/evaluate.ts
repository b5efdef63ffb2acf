// How good are the ratings? (docs/product.md, "How good are the ratings?"; docs/decisions/032-rating-evaluation.md)
// Replays history through the engine with one model's settings and scores the prediction the engine
// made before each match (so every match is one the model had not yet seen): Brier score, log loss
// and how often the favourite won. Pure and deterministic: the same history gives the same figures,
// to the last bit (fixed order, fixed summation order), so the CLI and the admin card agree.
import { z } from "zod";
import { ratingSettingsSchema } from "../validators/ratings";
import { expectedScore, replay, DEFAULT_RATING_SETTINGS, type RatingSettings, type ReplayCarryOver, type ReplayMatch } from "./index";

/** One model the club may use: the current settings and a fixed list of alternatives. */
export const ratingModelSchema = z.object({
  id: z.string().describe("Stable id, made from the settings (modelId)."),
  label: z.string(),
  settings: ratingSettingsSchema,
});
export type RatingModel = z.infer<typeof ratingModelSchema>;

/** One model's scores (a row of the admin's evaluation table: shared/types/ratings.ts). */
export const modelEvaluationSchema = ratingModelSchema.extend({
  current: z.boolean().describe("The model in use now."),
  matches: z.int().describe("Matches scored (every approved match of the history)."),
  brier: z.number().nullable().describe("Mean of (p − outcome)²: 0 is perfect, 0.25 is a coin toss. Null without matches."),
  logLoss: z.number().nullable().describe("Mean of −ln(p of what happened). Null without matches."),
  favourites: z.int().describe("Matches with a favourite (p ≠ 50%)."),
  favouriteWon: z.number().nullable().describe("Share of those the favourite won (0–1). Null when no match had a favourite."),
});
export type ModelEvaluation = z.infer<typeof modelEvaluationSchema>;

export function modelId(s: Readonly<RatingSettings>): string {
  return `k${s.kNew}-${s.kEstablished}-${s.kThreshold}${s.marginOfVictory ? "-mov" : ""}${s.surfaceFromOverall ? "-seeded" : ""}`;
}

export function modelLabel(s: Readonly<RatingSettings>): string {
  const k = s.kNew === s.kEstablished ? `K ${s.kNew}` : `K ${s.kNew} → ${s.kEstablished} after ${s.kThreshold} matches`;
  const extras = [s.marginOfVictory ? "margin of victory" : null, s.surfaceFromOverall ? "surfaces start from overall" : null].filter(Boolean);
  return [k, ...extras].join(", ");
}

export function ratingModel(settings: Readonly<RatingSettings>): RatingModel {
  return { id: modelId(settings), label: modelLabel(settings), settings: { ...settings } };
}

const d = DEFAULT_RATING_SETTINGS;
/** The alternatives the evaluation scores next to the current model, in this order. */
export const RATING_ALTERNATIVES: readonly RatingModel[] = [
  { ...d },
  { ...d, kNew: 32, kEstablished: 16 },
  { ...d, kNew: 48, kEstablished: 32 },
  { ...d, kNew: 24, kEstablished: 24 },
  { ...d, marginOfVictory: true },
  { ...d, surfaceFromOverall: true },
  { ...d, marginOfVictory: true, surfaceFromOverall: true },
].map(ratingModel);

/** The current model first, then every alternative that differs from it. */
export function modelsToEvaluate(current: Readonly<RatingSettings>): { model: RatingModel; current: boolean }[] {
  const cur = ratingModel(current);
  return [{ model: cur, current: true }, ...RATING_ALTERNATIVES.filter((m) => m.id !== cur.id).map((model) => ({ model, current: false }))];
}

const EPSILON = 1e-12;

/** Scores one model on the history (approved matches in the order they were applied). */
export function evaluateModel(
  teamIds: readonly number[],
  history: readonly (ReplayMatch | ReplayCarryOver)[],
  model: RatingModel,
  current: boolean,
): ModelEvaluation {
  let n = 0;
  let brier = 0;
  let logLoss = 0;
  let favourites = 0;
  let favouriteWon = 0;
  replay(teamIds, history, model.settings, (m, applied) => {
    // The engine's chance for team 1, from the ratings it held before this match.
    const p = expectedScore(applied.surfaceChange.aPrev, applied.surfaceChange.bPrev);
    const y = m.winnerTeamId === m.team1Id ? 1 : 0;
    n++;
    brier += (p - y) ** 2;
    const pHappened = Math.min(1 - EPSILON, Math.max(EPSILON, y === 1 ? p : 1 - p));
    logLoss -= Math.log(pHappened);
    if (p !== 0.5) {
      favourites++;
      if ((p > 0.5) === (y === 1)) favouriteWon++;
    }
  });
  return {
    ...model,
    current,
    matches: n,
    brier: n === 0 ? null : brier / n,
    logLoss: n === 0 ? null : logLoss / n,
    favourites,
    favouriteWon: favourites === 0 ? null : favouriteWon / favourites,
  };
}

/** The whole table: the current model, then the alternatives. */
export function evaluateModels(teamIds: readonly number[], history: readonly (ReplayMatch | ReplayCarryOver)[], current: Readonly<RatingSettings>): ModelEvaluation[] {
  return modelsToEvaluate(current).map(({ model, current: isCurrent }) => evaluateModel(teamIds, history, model, isCurrent));
}

/**
 * Whether switching to `candidate` is allowed: its Brier score is not worse than the current one's
 * (with no matches to score, neither is worse).
 */
export function notWorse(candidate: ModelEvaluation, current: ModelEvaluation): boolean {
  if (candidate.brier === null || current.brier === null) return true;
  return candidate.brier <= current.brier;
}

/** The figures as the CLI and the admin card print them (fixed decimals). */
export function formatEvaluation(e: ModelEvaluation): { brier: string; logLoss: string; favouriteWon: string } {
  return {
    brier: e.brier === null ? "—" : e.brier.toFixed(4),
    logLoss: e.logLoss === null ? "—" : e.logLoss.toFixed(4),
    favouriteWon: e.favouriteWon === null ? "—" : `${(e.favouriteWon * 100).toFixed(1)}%`,
  };
}

/** A plain-text table of the evaluation (the CLI's output): fixed columns, the current model marked. */
export function evaluationTable(rows: readonly ModelEvaluation[]): string {
  const header = ["", "model", "id", "matches", "Brier", "log loss", "favourite won"];
  const body = rows.map((r) => {
    const f = formatEvaluation(r);
    return [r.current ? "*" : "", r.label, r.id, String(r.matches), f.brier, f.logLoss, `${f.favouriteWon} of ${r.favourites}`];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n") + "\n";
}
