// The ladder order and the rank: the one definition every reader uses (the ladder page, team
// profiles, history statistics, the /challenge-teams table and the reach check of a new challenge).
// docs/product.md ("Ladder order and rank") states the rule in words.
//
// - Ladders: one per surface (grass, beach, hardcourt) and the overall one.
// - Who is on a ladder: active (not deleted) approved teams; on a surface ladder only once the team
//   has an approved match there (its W-L on that surface is not 0-0).
// - Order, best first: that ladder's rating desc, then more wins on it, then the earlier created
//   team, then the lower id (so no two teams ever share a rank).
// - Rank: the position in that order, 1..n, counted over the whole club or within each category,
//   among the ACTIVE teams only. An inactive team (docs/product.md, "Activity": no confirmed match
//   for the inactivity threshold, not counting days it was away) stays on the ladder, listed below
//   the active teams in the same order, without a rank.
//
// Everything here produces SQL over the teams table, so a live query and a stored copy of the ranks
// (e.g. `insert into team_ranks select … from (ladderRanks(…))`) read the same definition.
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { clubBreaks, systemSettings, teamAway, teams } from "@shared/schema";
import { CLUB_RULES_SETTING, type CompetitionType, type Surface } from "@shared/constants";

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

// The SQL below is built as text from the schema's column names and cached per (ladder, alias,
// scope): these fragments sit in the hottest reads, and one raw chunk costs drizzle a fraction of
// what dozens of small ones do. The only value, a category, stays a bind parameter.
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const columnText = (alias: string, column: PgColumn) => `${quote(alias)}.${quote(column.name)}`;
const TEAMS = quote(getTableName(teams));
const cache = new Map<string, string>();
const cached = (key: string, make: () => string): string => {
  let text = cache.get(key);
  if (text === undefined) cache.set(key, (text = make()));
  return text;
};

/** `alias.column` for a teams column (the callers name their teams alias). */
export function teamColumn(alias: string, column: PgColumn): SQL {
  return sql.raw(columnText(alias, column));
}

/** The ladder's rating, wins and losses of the team in `alias`, as SQL. */
export function ladderValues(ladder: Ladder, alias: string): { rating: SQL; wins: SQL; losses: SQL } {
  const c = ladderColumns(ladder);
  return { rating: teamColumn(alias, c.rating), wins: teamColumn(alias, c.wins), losses: teamColumn(alias, c.losses) };
}

function onLadderText(ladder: Ladder, alias: string): string {
  return cached(`on|${ladder}|${alias}`, () => {
    const active = `${columnText(alias, teams.deletedAt)} is null and ${columnText(alias, teams.isApproved)}`;
    if (ladder === "overall") return `(${active})`;
    const c = ladderColumns(ladder);
    return `(${active} and ${columnText(alias, c.wins)} + ${columnText(alias, c.losses)} > 0)`;
  });
}

/** True for the team in `alias` when it is on the ladder. */
export function onLadder(ladder: Ladder, alias: string): SQL {
  return sql.raw(onLadderText(ladder, alias));
}

/**
 * The calendar the activity rule is read at: the club day today, the inactivity threshold in days
 * (INACTIVITY_DAYS; the Club rules card's value wins when an admin set one) and the club's zone (activityAt() in activity.ts makes it from the app's clock and settings).
 */
export interface ActivityAt {
  /** 'YYYY-MM-DD', in the club's zone. */
  today: string;
  days: number;
  timeZone: string;
}

// The three values of ActivityAt stay bind parameters: the cached text holds markers for them.
const TODAY = "⟨today⟩";
const DAYS = "⟨days⟩";
const ZONE = "⟨zone⟩";
const MARKER = /⟨(today|days|zone)⟩/;
const AWAY = quote(getTableName(teamAway));
const BREAKS = quote(getTableName(clubBreaks));
const INACTIVITY_RULE = sql.raw(
  `(select case when jsonb_typeof(r.v -> 'inactivityDays') = 'number' then (r.v ->> 'inactivityDays')::numeric::int end ` +
    `from (select value::jsonb as v from ${quote(getTableName(systemSettings))} where setting = '${CLUB_RULES_SETTING}') r)`,
);

/** Cached text with markers → SQL with the day, the threshold and the zone as parameters. */
function withActivity(text: string, at: ActivityAt): SQL {
  const pieces = text.split(MARKER);
  if (pieces.length === 1) return sql.raw(text);
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(piece));
    else if (piece === "today") chunks.push(sql`${at.today}::date`);
    // The admin's Club rules card overrides the threshold (one system_settings row, written only
    // through its validated service): read in the same statement, so a change needs no restart and
    // empties the read cache like any write.
    else if (piece === "days") chunks.push(sql`coalesce(${INACTIVITY_RULE}, ${at.days}::int)`);
    else chunks.push(sql`${at.timeZone}::text`);
  });
  return sql.join(chunks, sql.raw(""));
}

/**
 * True when the team in `alias` is inactive (docs/product.md, "Activity"): counted in club days from
 * the day of its last confirmed match (or approval, or creation: `last_active_at`) to today, less the
 * days it was away or the club was on a break in between (a day that is both counts once), at least
 * the threshold. The first test needs no ranges (most teams pass it).
 */
function inactiveText(alias: string): string {
  return cached(`inactive|${alias}`, () => {
    const anchor = `(${columnText(alias, teams.lastActiveAt)} at time zone ${ZONE})::date`;
    const breakFirst = `(${columnText("b", clubBreaks.startsAt)} at time zone ${ZONE})::date`;
    const breakEnd = `(${columnText("b", clubBreaks.endsAt)} at time zone ${ZONE})::date`;
    // The team's away ranges and the club's breaks as one set of days (a multirange), cut to the
    // days after the anchor up to today, and counted.
    const pausedDays = `coalesce((select sum(upper(r) - lower(r)) from unnest(
        (select range_agg(d) from (
          select daterange(${columnText("a", teamAway.firstDay)}, ${columnText("a", teamAway.lastDay)}, '[]') as d
            from ${AWAY} as ${quote("a")}
            where ${columnText("a", teamAway.teamId)} = ${columnText(alias, teams.id)} and ${columnText("a", teamAway.firstDay)} <= ${TODAY}
              and ${columnText("a", teamAway.lastDay)} > ${anchor}
          union all
          select daterange(${breakFirst}, ${breakEnd}, '[)')
            from ${BREAKS} as ${quote("b")}
            where ${breakFirst} <= ${TODAY} and ${breakEnd} > ${anchor}
        ) as paused) * datemultirange(daterange(${anchor} + 1, ${TODAY}, '[]'))) as r), 0)`;
    return `(${anchor} <= ${TODAY} - ${DAYS} and ${TODAY} - ${anchor} - ${pausedDays} >= ${DAYS})`;
  });
}

/** True for the team in `alias` when it is inactive at `at` (on a ladder or not). */
export function isInactive(alias: string, at: ActivityAt): SQL {
  return withActivity(inactiveText(alias), at);
}

/** The last day of the away range the team in `alias` is on today, or null (a date). */
export function awayUntil(alias: string, at: ActivityAt): SQL {
  return withActivity(
    cached(
      `away|${alias}`,
      () => `(select max(${columnText("aw", teamAway.lastDay)}) from ${AWAY} as ${quote("aw")}
        where ${columnText("aw", teamAway.teamId)} = ${columnText(alias, teams.id)}
          and ${columnText("aw", teamAway.firstDay)} <= ${TODAY} and ${columnText("aw", teamAway.lastDay)} >= ${TODAY})`,
    ),
    at,
  );
}

/** On the ladder and active: ranked. */
function rankedText(ladder: Ladder, alias: string): string {
  return cached(`ranked|${ladder}|${alias}`, () => `(${onLadderText(ladder, alias)} and not ${inactiveText(alias)})`);
}

// The aliases of the teams these queries read themselves (callers use other names for theirs).
const L = "ladder_team";
const O = "ladder_other";

interface OrderKey {
  value: string;
  /** "desc": a higher value is better (comes first). */
  direction: "asc" | "desc";
}

/** The order, best first. Every other form below is made from this list. */
function orderKeys(ladder: Ladder, alias: string): OrderKey[] {
  const c = ladderColumns(ladder);
  return [
    { value: columnText(alias, c.rating), direction: "desc" },
    { value: columnText(alias, c.wins), direction: "desc" },
    { value: columnText(alias, teams.createdAt), direction: "asc" },
    { value: columnText(alias, teams.id), direction: "asc" },
  ];
}

function orderByText(ladder: Ladder, alias: string): string {
  return cached(`order|${ladder}|${alias}`, () =>
    orderKeys(ladder, alias)
      .map((k) => `${k.value} ${k.direction}`)
      .join(", "),
  );
}

/** The ladder order as an ORDER BY list over `alias` (every key is NOT NULL). */
export function ladderOrderBy(ladder: Ladder, alias: string): SQL {
  return sql.raw(orderByText(ladder, alias));
}

/**
 * True when the team in `other` comes before the team in `alias` in the ladder order, written as
 * nested tests (better on the first key, or equal there and better on the rest) so each row
 * compares only as many keys as it needs.
 */
function aheadText(ladder: Ladder, other: string, alias: string): string {
  const theirs = orderKeys(ladder, other);
  const mine = orderKeys(ladder, alias);
  let rest = "";
  for (let i = theirs.length - 1; i >= 0; i--) {
    const better = `${theirs[i]!.value} ${theirs[i]!.direction === "desc" ? ">" : "<"} ${mine[i]!.value}`;
    rest = rest ? `(${better} or (${theirs[i]!.value} = ${mine[i]!.value} and ${rest}))` : better;
  }
  return rest;
}

/** `and` the other team plays the same category, unless ranking the whole club. */
function sameGroupText(within: "club" | "category", other: string, alias: string): string {
  return within === "club" ? "" : ` and ${columnText(other, teams.competitionType)} = ${columnText(alias, teams.competitionType)}`;
}

/**
 * Every team on the ladder with its place: a SELECT of (team_id, competition_type, inactive,
 * position, rank). `position` is the listing order (the active teams in ladder order, then the
 * inactive ones in ladder order); `rank` is the same number for an active team and null for an
 * inactive one. One window over the ladder's teams. Use it as a subquery or CTE, or to store ranks.
 */
export function ladderRanks(opts: { ladder: Ladder; within: RankWithin; at: ActivityAt }): SQL {
  const { ladder, within, at } = opts;
  const byCategory = within === "category";
  const text = cached(`ranks|${ladder}|${byCategory}`, () => {
    const partition = byCategory ? `partition by ${columnText(L, teams.competitionType)} ` : "";
    return `select team_id, competition_type, inactive, position, (case when not inactive then position end)::int as rank
    from (select ${columnText(L, teams.id)} as team_id, ${columnText(L, teams.competitionType)} as competition_type, inactive,
      (row_number() over (${partition}order by inactive, ${orderByText(ladder, L)}))::int as position
    from ${TEAMS} as ${quote(L)}
    cross join lateral (select ${inactiveText(L)} as inactive) as ${quote("ladder_activity")}
    where ${onLadderText(ladder, L)}`;
  });
  const close = sql.raw(`) as ${quote("ladder_places")}`);
  if (within === "club" || within === "category") return sql`${withActivity(text, at)}${close}`;
  return sql`${withActivity(text, at)} and ${teamColumn(L, teams.competitionType)} = ${within}${close}`;
}

/**
 * The rank of the team in `alias` (null when it is not ranked: not on the ladder, or inactive): 1 +
 * the ladder's active teams ahead of it. The same ranks as ladderRanks, for reading a few teams
 * without ranking the whole club.
 */
export function rankOfTeam(opts: { ladder: Ladder; within: "club" | "category"; alias: string; at: ActivityAt }): SQL {
  const { ladder, within, alias, at } = opts;
  return withActivity(
    cached(`rank|${ladder}|${within}|${alias}`, () => `(case when ${rankedText(ladder, alias)} then 1 + (
      select count(*) from ${TEAMS} as ${quote(O)}
      where ${onLadderText(ladder, O)}${sameGroupText(within, O, alias)} and ${aheadText(ladder, O, alias)} and not ${inactiveText(O)}
    )::int end)`),
    at,
  );
}

/** How many teams are ranked (on it and active) on the ladder of the team in `alias` (within: its category, or the club). */
export function ladderSizeOf(opts: { ladder: Ladder; within: "club" | "category"; alias: string; at: ActivityAt }): SQL {
  const { ladder, within, alias, at } = opts;
  return withActivity(
    cached(
      `size|${ladder}|${within}|${alias}`,
      () => `(select count(*)::int from ${TEAMS} as ${quote(O)} where ${rankedText(ladder, O)}${sameGroupText(within, O, alias)})`,
    ),
    at,
  );
}
