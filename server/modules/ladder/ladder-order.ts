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
// Everything here produces SQL over the teams table. The readers do not run it per request: they
// read the stored copy, ladder_ranks, which refreshLadderRanks() (stored-ranks.ts) writes from
// ladderPlaces() below after every transaction that changes an input marks it behind, and before
// any read that finds such a mark (decisions 038, 039), so the stored ranks and this definition
// cannot part.
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

// The alias of the teams these queries read themselves (callers use other names for theirs).
const L = "ladder_team";

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

/** The ladders, overall first. */
export const LADDERS: readonly Ladder[] = ["overall", "grass", "beach", "hardcourt"];

/**
 * Every team on every ladder with its places, for storing them (decision 038): a SELECT of
 * (team_id, ladder, competition_type, inactive, club_position, club_rank, category_position,
 * category_rank). The positions and ranks are ladderRanks()'s with within "club" and within
 * "category", from the same order keys, made in one pass: who is inactive is decided once per team,
 * then each ladder numbers its teams over the club and within each category.
 */
export function ladderPlaces(at: ActivityAt): SQL {
  const parts = ladderPlacesParts(at);
  return sql`with ${sql.raw(quote(parts.activityName))} as materialized (${parts.activity}) ${parts.places()}`;
}

/**
 * ladderPlaces() in two parts, for a refresh that numbers only some ladders (stored-ranks.ts):
 * `activity` is a SELECT of every team on the overall ladder (so every team on any ladder: its
 * columns `id`, `inactive` and the rest of teams) and must be given the name `activityName` as a
 * CTE; `places(ladders)` then numbers the ladders from it, only those in `ladders` when given (SQL
 * of a text[] the database evaluates once: each other ladder's part is skipped, not filtered).
 */
export function ladderPlacesParts(at: ActivityAt): { activityName: string; activity: SQL; places: (ladders?: SQL) => SQL } {
  const A = "ladder_activity";
  const activity = withActivity(
    cached("places-activity", () => {
      // Only the columns the ladders read (narrow rows are cheaper to keep and to sort).
      const columns: PgColumn[] = [teams.id, teams.competitionType, teams.createdAt, teams.deletedAt, teams.isApproved];
      for (const ladder of LADDERS) columns.push(...Object.values(ladderColumns(ladder)));
      const list = [...new Set(columns.map((c) => columnText(L, c)))].join(", ");
      return `select ${list}, ${inactiveText(L)} as inactive from ${TEAMS} as ${quote(L)} where ${onLadderText("overall", L)}`;
    }),
    at,
  );
  const places = (ladders?: SQL): SQL => {
    const perLadder = LADDERS.map((ladder) => {
      const text = cached(`places|${ladder}`, () => {
        const order = `order by inactive, ${orderByText(ladder, L)}`;
        // The partition only groups (byte order is enough, and much cheaper to sort than the locale's).
        const byCategory = `partition by ${columnText(L, teams.competitionType)} collate "C" ${order}`;
        return `select ${columnText(L, teams.id)} as team_id, '${ladder}'::text as ladder, ${columnText(L, teams.competitionType)} as competition_type, inactive,
        (row_number() over (${order}))::int as club_position,
        (case when not inactive then row_number() over (${order}) end)::int as club_rank,
        (row_number() over (${byCategory}))::int as category_position,
        (case when not inactive then row_number() over (${byCategory}) end)::int as category_rank
      from ${quote(A)} as ${quote(L)} where ${onLadderText(ladder, L)}`;
      });
      return ladders ? sql`${sql.raw(text)} and ${ladder}::text = any(${ladders})` : sql.raw(text);
    });
    return sql.join(perLadder, sql.raw(" union all "));
  };
  return { activityName: A, activity, places };
}
