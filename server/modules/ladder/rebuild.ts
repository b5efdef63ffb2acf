// Rebuilds every team's ratings and W-L counters from history: the approved matches in the order they
// were applied (approvedAt, id), through the same pure engine that applies one result at a time,
// with each season's carry-over at its place among them (docs/product.md, "Carry-over"), and the
// engine settings in force (rating-model.ts) or the ones given.
// One transaction: readers see either the old state or the rebuilt one.
import { asc, eq, sql } from "drizzle-orm";
import { matches, seasonCarryOvers, teams } from "@shared/schema";
import { MATCH_STATUS } from "@shared/constants";
import { replay, type RatingSettings, type RatingState, type ReplayCarryOver, type ReplayMatch } from "@shared/rating";
import { parseStoredScore, setsWon } from "@shared/validators/matches";
import type { DbOrTx } from "../../db/client";
import { loadRatingSettings } from "./rating-settings";
import { markLadderRanksChanged } from "./stored-ranks";

const CHUNK = 500;

export interface RebuildResult {
  teams: number;
  matches: number;
}

/** Sets won by the winner minus sets won by the loser; undefined when the score is missing or unreadable. */
export function setsMargin(score: string | null): number | undefined {
  const sets = parseStoredScore(score);
  if (!sets || sets.length === 0) return undefined;
  const won = setsWon(sets);
  return Math.abs(won.team1 - won.team2);
}

/** Every approved match in the order it was applied, with each season's carry-over among them, as the engine replays them. */
export async function loadReplayHistory(db: DbOrTx): Promise<(ReplayMatch | ReplayCarryOver)[]> {
  const rows = await db
    .select({
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
      winnerTeamId: matches.winnerTeamId,
      surface: matches.surface,
      score: matches.score,
      approvedAt: matches.approvedAt,
    })
    .from(matches)
    .where(eq(matches.matchStatus, MATCH_STATUS.approved))
    .orderBy(asc(matches.approvedAt), asc(matches.id));
  const carryOvers = await db
    .select({ carryOverPercent: seasonCarryOvers.percent, appliedAt: seasonCarryOvers.appliedAt })
    .from(seasonCarryOvers)
    .orderBy(asc(seasonCarryOvers.appliedAt), asc(seasonCarryOvers.id));
  return withCarryOvers(
    rows.map(({ score, ...m }) => ({ ...m, margin: setsMargin(score) })),
    carryOvers,
  );
}

/**
 * Replays every approved match (and carry-over) onto every team, and marks every ladder's stored
 * ranks behind: they are refreshed after the commit (decision 040: a refresh inside this transaction,
 * which holds every team row, deadlocked with a refresh already running).
 */
export async function rebuildRatings(opts: { db: DbOrTx; settings?: RatingSettings; /** The member who asked (their reads wait for the ranks' refresh). */ by?: number }): Promise<RebuildResult> {
  return opts.db.transaction(async (tx) => {
    // Serialise with confirmations that update team rows while we rebuild.
    const teamRows = await tx.select({ id: teams.id }).from(teams).orderBy(asc(teams.id)).for("update");
    const settings = opts.settings ?? (await loadRatingSettings(tx));
    const history = await loadReplayHistory(tx);
    const states = replay(
      teamRows.map((t) => t.id),
      history,
      settings,
    );
    const entries = [...states.entries()];
    await writeRatingStates(tx, entries);
    await markLadderRanksChanged(tx, { by: opts.by ?? null });
    return { teams: teamRows.length, matches: history.filter((h) => !("carryOverPercent" in h)).length };
  });
}

/**
 * The matches in their order with each carry-over inserted where it was applied: after every match
 * approved before it (a match without an approval time sorts last, as in SQL). Starting a season locks every team and stamps its carry-over later than any
 * team's last change (seasons.service.ts), so no match approved after it can sort before it.
 */
export function withCarryOvers<M extends ReplayMatch & { approvedAt: Date | null }>(
  matchesInOrder: M[],
  carryOvers: (ReplayCarryOver & { appliedAt: Date })[],
): (M | ReplayCarryOver)[] {
  const out: (M | ReplayCarryOver)[] = [];
  let next = 0;
  for (const m of matchesInOrder) {
    while (next < carryOvers.length && (m.approvedAt === null || carryOvers[next]!.appliedAt < m.approvedAt)) out.push(carryOvers[next++]!);
    out.push(m);
  }
  while (next < carryOvers.length) out.push(carryOvers[next++]!);
  return out;
}

/** Writes teams' ratings and W-L counters (a few hundred rows per statement). */
export async function writeRatingStates(tx: DbOrTx, states: [number, RatingState][]): Promise<void> {
  for (let i = 0; i < states.length; i += CHUNK) await writeStates(tx, states.slice(i, i + CHUNK));
}

async function writeStates(tx: DbOrTx, chunk: [number, RatingState][]): Promise<void> {
  if (chunk.length === 0) return;
  const values = sql.join(
    chunk.map(
      ([id, s]) =>
        sql`(${id}::int, ${s.rating}::int, ${s.wins}::int, ${s.losses}::int, ${s.grassRating}::int, ${s.beachRating}::int, ${s.hardcourtRating}::int, ${s.grassWins}::int, ${s.grassLosses}::int, ${s.beachWins}::int, ${s.beachLosses}::int, ${s.hardcourtWins}::int, ${s.hardcourtLosses}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${teams} as t set
      rating = v.rating, wins = v.wins, losses = v.losses,
      grass_rating = v.grass_rating, beach_rating = v.beach_rating, hardcourt_rating = v.hardcourt_rating,
      grass_wins = v.grass_wins, grass_losses = v.grass_losses,
      beach_wins = v.beach_wins, beach_losses = v.beach_losses,
      hardcourt_wins = v.hardcourt_wins, hardcourt_losses = v.hardcourt_losses,
      updated_at = now()
    from (values ${values}) as v(id, rating, wins, losses, grass_rating, beach_rating, hardcourt_rating,
      grass_wins, grass_losses, beach_wins, beach_losses, hardcourt_wins, hardcourt_losses)
    where t.id = v.id`);
}
