// Reading ranks on their own: getLadder computes a whole ladder from the definition (what the stored
// ranks are checked against); getTeamRank reads the stored rank (stored-ranks.ts), like every list.
import { sql } from "drizzle-orm";
import { teams } from "@shared/schema";
import type { OutsideTxDeps, TxDeps } from "../../deps";
import { ladderRanks, ladderValues, type Ladder, type RankWithin } from "./ladder-order";
import { activityAt } from "./activity";
import { currentLadderRanks, storedRankOf } from "./stored-ranks";
import { rowsOf } from "../../db/client";

export interface LadderRow {
  teamId: number;
  /** Null for an inactive team (listed after the active ones). */
  rank: number | null;
  inactive: boolean;
  rating: number;
  wins: number;
  losses: number;
}

/** A whole ladder in order (rank 1 first, the inactive teams last; within "category": each category in turn). */
export async function getLadder(deps: TxDeps<"db" | "env" | "clock">, opts: { ladder: Ladder; within: RankWithin }): Promise<LadderRow[]> {
  const v = ladderValues(opts.ladder, "t");
  const res = await deps.db.execute(sql`
    select r.team_id, r.rank, r.inactive, ${v.rating} as rating, ${v.wins} as wins, ${v.losses} as losses
    from (${ladderRanks({ ladder: opts.ladder, within: opts.within, at: activityAt(deps) })}) r
    join ${teams} t on t.id = r.team_id
    order by ${opts.within === "category" ? sql`r.competition_type, ` : sql``}r.position`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    teamId: Number(r.team_id),
    rank: r.rank == null ? null : Number(r.rank),
    inactive: Boolean(r.inactive),
    rating: Number(r.rating),
    wins: Number(r.wins),
    losses: Number(r.losses),
  }));
}

/** One team's rank on a ladder, or null when it is not ranked (deleted, unapproved, unplayed there, inactive, unknown). */
export async function getTeamRank(
  deps: OutsideTxDeps<"db" | "env" | "clock">,
  opts: { teamId: number; ladder: Ladder; within: "club" | "category" },
): Promise<number | null> {
  await currentLadderRanks(deps);
  const res = await deps.db.execute(sql`
    select ${storedRankOf({ ladder: opts.ladder, within: opts.within, alias: "t" })} as rank
    from ${teams} t where t.id = ${opts.teamId}`);
  const row = rowsOf<{ rank: unknown }>(res)[0];
  return row?.rank == null ? null : Number(row.rank);
}
