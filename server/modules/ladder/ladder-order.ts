// The ladder order and the rank: the one definition every reader uses (the ladder page, team
// profiles, history statistics, the /challenge-teams table and the reach check of a new challenge).
// docs/product.md ("Ladder order and rank") states the rule in words.
//
// - Ladders: one per surface (grass, beach, hardcourt) and the overall one.
// - Who is on a ladder: active (not deleted) approved teams; on a surface ladder only once the team
//   has an approved match there (its W-L on that surface is not 0-0).
// - Order, best first: that ladder's rating desc, then more wins on it, then the earlier created
//   team, then the lower id (so no two teams ever share a rank).
// - Rank: the position in that order, 1..n, counted over the whole club or within each category.
//
// Everything here produces SQL over the teams table, so a live query and a stored copy of the ranks
// (e.g. `insert into team_ranks select … from (ladderRanks(…))`) read the same definition.
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { teams } from "@shared/schema";
import type { CompetitionType, Surface } from "@shared/constants";

/** A surface's ladder, or the overall one. */
export type Ladder = Surface | "overall";

/**
 * Which teams are ranked against each other: the whole club, each category on its own, or one
 * category only (the same ranks as "category" gives that category's teams).
 */
export type RankWithin = "club" | "category" | CompetitionType;

/** The teams columns of one ladder: its rating, wins and losses. */
export function ladderColumns(ladder: Ladder): { rating: PgColumn; wins: PgColumn; losses: PgColumn } {
  switch (ladder) {
    case "overall":
      return { rating: teams.rating, wins: teams.wins, losses: teams.losses };
    case "grass":
      return { rating: teams.grassRating, wins: teams.grassWins, losses: teams.grassLosses };
    case "beach":
      return { rating: teams.beachRating, wins: teams.beachWins, losses: teams.beachLosses };
    case "hardcourt":
      return { rating: teams.hardcourtRating, wins: teams.hardcourtWins, losses: teams.hardcourtLosses };
  }
}

/** `alias.column` for a teams column (the callers name their teams alias). */
export function teamColumn(alias: string, column: PgColumn): SQL {
  return sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
}

/** The ladder's rating, wins and losses of the team in `alias`, as SQL. */
export function ladderValues(ladder: Ladder, alias: string): { rating: SQL; wins: SQL; losses: SQL } {
  const c = ladderColumns(ladder);
  return { rating: teamColumn(alias, c.rating), wins: teamColumn(alias, c.wins), losses: teamColumn(alias, c.losses) };
}

/** True for the team in `alias` when it is on the ladder. */
export function onLadder(ladder: Ladder, alias: string): SQL {
  const active = sql`${teamColumn(alias, teams.deletedAt)} is null and ${teamColumn(alias, teams.isApproved)}`;
  if (ladder === "overall") return sql`(${active})`;
  const v = ladderValues(ladder, alias);
  return sql`(${active} and ${v.wins} + ${v.losses} > 0)`;
}

// The aliases of the teams these queries read themselves (callers use other names for theirs).
const L = "ladder_team";
const O = "ladder_other";

interface OrderKey {
  value: SQL;
  /** "desc": a higher value is better (comes first). */
  direction: "asc" | "desc";
}

/** The order, best first. Every other form below is made from this list. */
function orderKeys(ladder: Ladder, alias: string): OrderKey[] {
  const v = ladderValues(ladder, alias);
  return [
    { value: v.rating, direction: "desc" },
    { value: v.wins, direction: "desc" },
    { value: teamColumn(alias, teams.createdAt), direction: "asc" },
    { value: teamColumn(alias, teams.id), direction: "asc" },
  ];
}

/** The ladder order as an ORDER BY list over `alias` (every key is NOT NULL). */
export function ladderOrderBy(ladder: Ladder, alias: string): SQL {
  return sql.join(
    orderKeys(ladder, alias).map((k) => sql`${k.value} ${sql.raw(k.direction)}`),
    sql`, `,
  );
}

/** True when the team in `other` comes before the team in `alias` in the ladder order. */
function ahead(ladder: Ladder, other: string, alias: string): SQL {
  const theirs = orderKeys(ladder, other);
  const mine = orderKeys(ladder, alias);
  const alternatives = theirs.map((key, i) => {
    const tiedBefore = theirs.slice(0, i).map((k, j) => sql`${k.value} = ${mine[j]!.value}`);
    const better = sql`${key.value} ${sql.raw(key.direction === "desc" ? ">" : "<")} ${mine[i]!.value}`;
    return sql`(${sql.join([...tiedBefore, better], sql` and `)})`;
  });
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

function sameGroup(within: RankWithin, other: string, alias: string): SQL | undefined {
  if (within === "club") return undefined;
  return sql`${teamColumn(other, teams.competitionType)} = ${teamColumn(alias, teams.competitionType)}`;
}

/**
 * Every team on the ladder with its rank: a SELECT of (team_id, competition_type, rank), ranked by a
 * window over the ladder's teams. Use it as a subquery or CTE, or to store the ranks.
 */
export function ladderRanks(opts: { ladder: Ladder; within: RankWithin }): SQL {
  const { ladder, within } = opts;
  const partition = within === "category" ? sql`partition by ${teamColumn(L, teams.competitionType)} ` : sql``;
  const category = within !== "club" && within !== "category" ? sql` and ${teamColumn(L, teams.competitionType)} = ${within}` : sql``;
  return sql`select ${teamColumn(L, teams.id)} as team_id, ${teamColumn(L, teams.competitionType)} as competition_type,
      (row_number() over (${partition}order by ${ladderOrderBy(ladder, L)}))::int as rank
    from ${teams} as ${sql.identifier(L)}
    where ${onLadder(ladder, L)}${category}`;
}

/**
 * The rank of the team in `alias` (null when it is not on the ladder): 1 + the ladder's teams ahead
 * of it. The same ranks as ladderRanks, for reading a few teams without ranking the whole club.
 */
export function rankOfTeam(opts: { ladder: Ladder; within: "club" | "category"; alias: string }): SQL {
  const { ladder, within, alias } = opts;
  const group = sameGroup(within, O, alias);
  return sql`(case when ${onLadder(ladder, alias)} then 1 + (
      select count(*) from ${teams} as ${sql.identifier(O)}
      where ${onLadder(ladder, O)}${group ? sql` and ${group}` : sql``} and ${ahead(ladder, O, alias)}
    )::int end)`;
}

/** How many teams are on the ladder the team in `alias` is ranked on (within: its category, or the club). */
export function ladderSizeOf(opts: { ladder: Ladder; within: "club" | "category"; alias: string }): SQL {
  const group = sameGroup(opts.within, O, opts.alias);
  return sql`(select count(*)::int from ${teams} as ${sql.identifier(O)} where ${onLadder(opts.ladder, O)}${group ? sql` and ${group}` : sql``})`;
}
