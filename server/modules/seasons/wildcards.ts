// Wildcards (docs/product.md, "Wildcards"): a team in its first season has WILDCARDS_PER_SEASON
// challenges that ignore the reach limit. Its first season is the first whose last day is on or
// after the day it was created. SQL for the eligibility query (one statement), and the count under
// the challenger's team lock when a challenge uses one.
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { seasons, seasonWildcards, teams } from "@shared/schema";
import { WILDCARDS_PER_SEASON } from "@shared/validators/seasons";
import type { DbOrTx } from "../../db/client";
import { teamColumn, type ActivityAt } from "../ladder";

/**
 * The current season's id and the wildcards left to the team in `alias`, as two columns
 * `wildcard_season_id, wildcards_left` of a lateral subquery; no row when there is no current season
 * or it is not the team's first.
 */
export function wildcardsOf(alias: string, at: Pick<ActivityAt, "today" | "timeZone">): SQL {
  const id = teamColumn(alias, teams.id);
  const created = sql`(${teamColumn(alias, teams.createdAt)} at time zone ${at.timeZone}::text)::date`;
  return sql`select s.id as wildcard_season_id,
      (${WILDCARDS_PER_SEASON}::int - (select count(*)::int from ${seasonWildcards} w where w.season_id = s.id and w.team_id = ${id})) as wildcards_left
    from ${seasons} s
    where s.closed_at is null and s.first_day <= ${at.today}::date and s.last_day >= ${at.today}::date
      and not exists (select 1 from ${seasons} p where p.first_day < s.first_day and p.last_day >= ${created})
    limit 1`;
}

/**
 * Records a wildcard used by `challengeId`, inside the transaction that creates it: the challenger's
 * team row is locked first, so two challenges sent at once cannot both take the last one. Answers
 * false (nothing written) when none is left.
 */
export async function useWildcard(tx: DbOrTx, input: { seasonId: number; teamId: number; challengeId: number; now: Date }): Promise<boolean> {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, input.teamId)).for("no key update");
  const [used] = await tx
    .select({ n: count() })
    .from(seasonWildcards)
    .where(and(eq(seasonWildcards.seasonId, input.seasonId), eq(seasonWildcards.teamId, input.teamId)));
  if (Number(used?.n ?? 0) >= WILDCARDS_PER_SEASON) return false;
  await tx.insert(seasonWildcards).values({ seasonId: input.seasonId, teamId: input.teamId, challengeId: input.challengeId, usedAt: input.now });
  return true;
}
