// Rebuilds every team's ratings and W-L counters from history: the approved matches in the order they
// were applied (approvedAt, id), through the same pure engine that applies one result at a time,
// with the engine settings in force (rating-model.ts) or the ones given.
// One transaction: readers see either the old state or the rebuilt one.
import { asc, eq, sql } from "drizzle-orm";
import { matches, teams } from "@shared/schema";
import { MATCH_STATUS } from "@shared/constants";
import { replay, type RatingSettings, type RatingState, type ReplayMatch } from "@shared/rating";
import { parseStoredScore, setsWon } from "@shared/validators/matches";
import type { DbOrTx } from "../../db/client";
import { loadRatingSettings } from "./rating-settings";

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

/** Every approved match in the order it was applied, as the engine replays it. */
export async function loadReplayHistory(db: DbOrTx): Promise<ReplayMatch[]> {
  const rows = await db
    .select({
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
      winnerTeamId: matches.winnerTeamId,
      surface: matches.surface,
      score: matches.score,
    })
    .from(matches)
    .where(eq(matches.matchStatus, MATCH_STATUS.approved))
    .orderBy(asc(matches.approvedAt), asc(matches.id));
  return rows.map(({ score, ...m }) => ({ ...m, margin: setsMargin(score) }));
}

export async function rebuildRatings(opts: { db: DbOrTx; settings?: RatingSettings }): Promise<RebuildResult> {
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
    for (let i = 0; i < entries.length; i += CHUNK) {
      await writeStates(tx, entries.slice(i, i + CHUNK));
    }
    return { teams: teamRows.length, matches: history.length };
  });
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
