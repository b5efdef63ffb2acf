// Reading matches as MatchView: one query joins both teams and the reporter and aggregates each
// team's members (never one query per row).
import { desc, eq, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { matches, teams, users } from "@shared/schema";
import type { Page } from "@shared/paging";
import type { MemberRef } from "@shared/types/common";
import type { MatchView } from "@shared/types/matches";
import { parseStoredScore } from "@shared/validators/matches";
import type { DbOrTx } from "../../db/client";
import { notFound } from "../../lib/app-error";
import { offsetOf, pageOf } from "../../lib/paging";

const team1 = alias(teams, "team1");
const team2 = alias(teams, "team2");
const reporter = alias(users, "reporter");

/** Counting stops here: a page count over the whole club stays bounded (offset paging goes no further). */
export const COUNT_CAP = 10_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A team's members (captain first) as JSON, inside the page's one statement (the users_team index). */
function membersOf(teamId: AnyColumn): SQL<unknown> {
  return sql`(select json_agg(json_build_object('id', u.id, 'name', u.name, 'isCaptain', u.is_captain) order by u.is_captain desc, u.id asc)
    from users u where u.team_id = ${teamId})`;
}

/** What selects a list of match views: the condition, the order and the window of rows. */
interface MatchViewQuery {
  db: DbOrTx;
  where: SQL | undefined;
  orderBy?: SQL[];
  limit: number;
  offset?: number;
  /**
   * The condition selects a handful of rows through indexes of its own (one team's pending matches):
   * their ids are read first, then the rows by key, then ordered. Without it the planner may walk an index in the page's
   * order over the whole table and filter (the pending-deadline index: every pending match of the
   * club, 20,000 in the benchmark's club, for 10 rows).
   */
  narrow?: boolean;
}

/** The page's one statement: the views' columns, and `extra` columns computed once (the page's count). */
function selectMatchViews<E extends Record<string, SQL>>(opts: MatchViewQuery, extra: E) {
  const base = {
    m: matches,
    team1Name: team1.name,
    team2Name: team2.name,
    reporterName: reporter.name,
    team1Members: membersOf(team1.id),
    team2Members: membersOf(team2.id),
  };
  // Narrow: the ids are collected first (an InitPlan through the condition's own indexes), then the
  // rows are fetched by key and ordered.
  const where = opts.narrow ? sql`${matches.id} = any(array(select ${matches.id} from ${matches} where ${opts.where ?? sql`true`}))` : opts.where;
  return opts.db
    .select({ ...base, ...extra })
    .from(matches)
    .innerJoin(team1, eq(team1.id, matches.team1Id))
    .innerJoin(team2, eq(team2.id, matches.team2Id))
    .leftJoin(reporter, eq(reporter.id, matches.reportedBy))
    .where(where)
    .orderBy(...(opts.orderBy ?? [desc(matches.matchDate), desc(matches.id)]))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
}

/** Loads the views of the matches the condition selects, in the given order. */
export async function loadMatchViews(opts: MatchViewQuery): Promise<MatchView[]> {
  return toMatchViews(await selectMatchViews(opts, {}));
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type MatchViewRow = Awaited<ReturnType<typeof selectMatchViews<{}>>>[number];

function toMatchViews(rows: MatchViewRow[]): MatchView[] {
  if (rows.length === 0) return [];
  const members = (v: unknown): MemberRef[] => ((typeof v === "string" ? JSON.parse(v) : v) as MemberRef[] | null) ?? [];

  return rows.map(({ m, team1Name, team2Name, reporterName, team1Members, team2Members }) => ({
    id: m.id,
    challengeId: m.challengeId,
    matchDate: m.matchDate.toISOString(),
    createdAt: m.createdAt.toISOString(),
    location: m.location,
    surface: m.surface,
    score: m.score,
    sets: parseStoredScore(m.score),
    notes: m.notes,
    matchType: m.matchType,
    matchStatus: m.matchStatus,
    confirmationStatus: m.confirmationStatus,
    approvalDeadline: iso(m.approvalDeadline),
    approvedAt: iso(m.approvedAt),
    team1: { id: m.team1Id, name: team1Name, members: members(team1Members) },
    team2: { id: m.team2Id, name: team2Name, members: members(team2Members) },
    winnerTeamId: m.winnerTeamId,
    winnerTeamName: m.winnerTeamId === m.team1Id ? team1Name : team2Name,
    reporter: m.reportedBy !== null && reporterName !== null ? { id: m.reportedBy, name: reporterName } : null,
    reportedByTeamId: m.reportedByTeamId,
    ratings: {
      team1Prev: m.team1PrevRating,
      team1New: m.team1NewRating,
      team2Prev: m.team2PrevRating,
      team2New: m.team2NewRating,
      team1OverallPrev: m.player1PrevRating,
      team1OverallNew: m.player1NewRating,
      team2OverallPrev: m.player2PrevRating,
      team2OverallNew: m.player2NewRating,
    },
  }));
}

export async function loadMatchView(db: DbOrTx, matchId: number): Promise<MatchView | undefined> {
  const [view] = await loadMatchViews({ db, where: eq(matches.id, matchId), limit: 1 });
  return view;
}

/** Matches one team played (either side): served by the two (team, date) indexes. */
export function involvesTeam(teamId: number): SQL {
  return or(eq(matches.team1Id, teamId), eq(matches.team2Id, teamId))!;
}

/**
 * A bounded page of match views with a (capped) total, in one statement: the count (and whether the
 * page's team exists) is computed once beside the page's rows. Only a page with no rows (past the
 * end, or a team without matches) asks for the count on its own.
 */
export async function pageOfMatches(opts: {
  db: DbOrTx;
  where: SQL | undefined;
  page: number;
  limit: number;
  orderBy?: SQL[];
  /** The page is one team's: 404 'Team not found.' when that team does not exist. */
  teamId?: number;
  /** See MatchViewQuery.narrow. */
  narrow?: boolean;
}): Promise<Page<MatchView>> {
  const offset = offsetOf(opts);
  const rows =
    offset >= COUNT_CAP
      ? []
      : await selectMatchViews(
          { db: opts.db, where: opts.where, limit: opts.limit, offset, ...(opts.orderBy ? { orderBy: opts.orderBy } : {}), ...(opts.narrow ? { narrow: true } : {}) },
          { total: cappedCountOf(opts.where), teamExists: teamExistsOf(opts.teamId) },
        );
  const counted = rows[0] ? { total: Number(rows[0].total), teamExists: rows[0].teamExists === true } : await cappedCount(opts.db, opts.where, opts.teamId);
  if (!counted.teamExists) throw notFound("Team not found.");
  return pageOf(toMatchViews(rows), counted.total, opts);
}

/** How many matches the condition selects, counted up to COUNT_CAP (an expression: a scalar subquery). */
function cappedCountOf(where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${matches} where ${where ?? sql`true`} limit ${COUNT_CAP}) as capped)`;
}

/** Whether the page's team exists (true for a page that is not one team's). */
function teamExistsOf(teamId: number | undefined): SQL<boolean> {
  return teamId === undefined ? sql<boolean>`true` : sql<boolean>`exists (select 1 from teams where teams.id = ${teamId})`;
}

/** The (capped) count, and in the same statement whether the page's team exists. */
async function cappedCount(db: DbOrTx, where: SQL | undefined, teamId: number | undefined): Promise<{ total: number; teamExists: boolean }> {
  const [row] = await db.select({ n: cappedCountOf(where), teamExists: teamExistsOf(teamId) }).from(sql`(select 1) as one`);
  return { total: Number(row?.n ?? 0), teamExists: row?.teamExists === true };
}

