// The admin's "Rating model" card (docs/product.md, "How good are the ratings?";
// docs/decisions/032-rating-evaluation.md): the evaluation table of the current engine settings and
// the alternatives, and the guarded switch to one of them.
import { asc, isNull } from "drizzle-orm";
import { teams } from "@shared/schema";
import { evaluateModel, evaluationTable, modelsToEvaluate, notWorse, type ModelEvaluation } from "@shared/rating/evaluate";
import type { RatingModelEvaluation, RatingModelSwitch, TeamRatings } from "@shared/types/ratings";
import { RATING_MODEL_MESSAGES, type SwitchRatingModelInput } from "@shared/validators/ratings";
import type { DbOrTx } from "../../db/client";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { badRequest, conflict } from "../../lib/app-error";
import { publishLive } from "../../lib/live-events";
import { LIVE_MESSAGE } from "@shared/types/events";
import { loadReplayHistory, rebuildRatings } from "./rebuild";
import { loadRatingSettings, storeRatingSettings } from "./rating-settings";

const SWITCH_TITLE = "Failed to Switch Rating Model";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function evaluate(db: DbOrTx): Promise<{ matches: number; models: ModelEvaluation[] }> {
  const settings = await loadRatingSettings(db);
  const history = await loadReplayHistory(db);
  const models: ModelEvaluation[] = [];
  for (const { model, current } of modelsToEvaluate(settings)) {
    // One model's replay at a time, other requests served in between (each replay is synchronous).
    await nextTurn();
    // Teams without a match start from the initial state and predict nothing: only the history counts.
    models.push(evaluateModel([], history, model, current));
  }
  return { matches: history.filter((h) => !("carryOverPercent" in h)).length, models };
}

/** Evaluations under way, by database handle: admins asking at once share one computation. */
const running = new WeakMap<object, Promise<RatingModelEvaluation>>();

/**
 * GET /api/admin/rating-model. Two plain reads (no row locks, so confirmations go on meanwhile) and
 * a replay per model in memory: bounded by the matches times the fixed number of models, one
 * evaluation at a time per process.
 */
export async function evaluateRatingModels(deps: TxDeps<"db">): Promise<RatingModelEvaluation> {
  const pending = running.get(deps.db);
  if (pending) return pending;
  const started = evaluate(deps.db).finally(() => running.delete(deps.db));
  running.set(deps.db, started);
  return started;
}

/**
 * `npm run ratings:evaluate`: the evaluation as text. Deterministic: the same history and settings
 * give the same bytes (no dates, fixed order and decimals).
 */
export async function evaluationReport(deps: TxDeps<"db">): Promise<string> {
  const { matches, models } = await evaluate(deps.db);
  return (
    `Rating models scored on ${matches} confirmed matches, each predicted before it was applied (* = in use).\n` +
    `Brier score and log loss: lower is better. An admin may switch to a model whose Brier score is not worse.\n\n` +
    evaluationTable(models)
  );
}

async function ratingsOfTeams(db: DbOrTx): Promise<Map<number, { name: string } & TeamRatings>> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      rating: teams.rating,
      grassRating: teams.grassRating,
      beachRating: teams.beachRating,
      hardcourtRating: teams.hardcourtRating,
    })
    .from(teams)
    .where(isNull(teams.deletedAt))
    .orderBy(asc(teams.name), asc(teams.id));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/**
 * POST /api/admin/rating-model: switches the engine to a model of the table when its Brier score is
 * not worse than the current one's (409 otherwise), stores its settings and replays every rating
 * with them, all in one transaction that holds every team row (confirmations wait for it, then
 * apply the new model; on the embedded database other requests are answered 503 meanwhile:
 * server/db/exclusive.ts). Answers each team's ratings before and after.
 */
export async function switchRatingModel(
  deps: Deps<"db" | "database" | "env" | "clock" | "logger">,
  input: SwitchRatingModelInput & { actor: Pick<Actor, "id"> },
): Promise<RatingModelSwitch> {
  const result = await deps.database.exclusive.run("updated", () => deps.db.transaction(async (tx) => {
    // Every team row first (the lock order of a rebuild): the guard is decided on the history the
    // replay below uses, and no result is applied in between.
    await tx.select({ id: teams.id }).from(teams).orderBy(asc(teams.id)).for("update");
    const { models } = await evaluate(tx);
    const current = models.find((m) => m.current)!;
    const target = models.find((m) => m.id === input.model);
    if (!target) throw badRequest(RATING_MODEL_MESSAGES.model, { title: SWITCH_TITLE });
    if (target.current) throw conflict(RATING_MODEL_MESSAGES.same, { title: SWITCH_TITLE });
    if (!notWorse(target, current)) throw conflict(RATING_MODEL_MESSAGES.worse, { title: SWITCH_TITLE });

    const before = await ratingsOfTeams(tx);
    await storeRatingSettings(tx, target.settings, input.actor.id);
    // Every rating is rebuilt, and the stored ranks are marked behind (refreshed after this commit:
    // decision 040); every open tab hears of it at the commit, and again when the refresh moved a place.
    const rebuilt = await rebuildRatings({ db: tx, settings: target.settings, by: input.actor.id });
    const after = await ratingsOfTeams(tx);
    await publishLive(tx, { type: LIVE_MESSAGE.ladderChanged, all: true });
    const pick = (r: TeamRatings): TeamRatings => ({
      rating: r.rating,
      grassRating: r.grassRating,
      beachRating: r.beachRating,
      hardcourtRating: r.hardcourtRating,
    });
    return {
      from: current.id,
      to: target.id,
      matches: rebuilt.matches,
      teams: [...after].map(([teamId, a]) => ({ teamId, name: a.name, before: pick(before.get(teamId) ?? a), after: pick(a) })),
    };
  }));
  deps.logger.info(
    { event: "admin.rating_model", adminId: input.actor.id, from: result.from, to: result.to, matches: result.matches },
    "rating model switched",
  );
  return result;
}
