// Reading matches as MatchView: one query joins both teams and the reporter, one more loads the
// members of every team on the page (never one query per row).
import { asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { matches, teams, users } from "@shared/schema";
import type { Page } from "@shared/api";
import type { MatchMember, MatchView } from "@shared/types/matches";
import { parseStoredScore } from "@shared/validators/matches";
import type { DbOrTx } from "../../db/client";

const team1 = alias(teams, "team1");
const team2 = alias(teams, "team2");
const reporter = alias(users, "reporter");

/** Counting stops here: a page count over the whole club stays bounded (offset paging goes no further). */
export const COUNT_CAP = 10_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Loads the views of the matches the condition selects, in the given order. */
export async function loadMatchViews(opts: {
  db: DbOrTx;
  where: SQL | undefined;
  orderBy?: SQL[];
  limit: number;
  offset?: number;
}): Promise<MatchView[]> {
  const rows = await opts.db
    .select({
      m: matches,
      team1Name: team1.name,
      team2Name: team2.name,
      reporterName: reporter.name,
    })
    .from(matches)
    .innerJoin(team1, eq(team1.id, matches.team1Id))
    .innerJoin(team2, eq(team2.id, matches.team2Id))
    .leftJoin(reporter, eq(reporter.id, matches.reportedBy))
    .where(opts.where)
    .orderBy(...(opts.orderBy ?? [desc(matches.matchDate), desc(matches.id)]))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
  if (rows.length === 0) return [];

  const teamIds = [...new Set(rows.flatMap((r) => [r.m.team1Id, r.m.team2Id]))];
  const memberRows = await opts.db
    .select({ id: users.id, name: users.name, teamId: users.teamId, isCaptain: users.isCaptain })
    .from(users)
    .where(inArray(users.teamId, teamIds))
    .orderBy(desc(users.isCaptain), asc(users.id));
  const members = new Map<number, MatchMember[]>();
  for (const u of memberRows) {
    if (u.teamId === null) continue;
    const list = members.get(u.teamId) ?? [];
    list.push({ id: u.id, name: u.name, isCaptain: u.isCaptain });
    members.set(u.teamId, list);
  }

  return rows.map(({ m, team1Name, team2Name, reporterName }) => ({
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
    team1: { id: m.team1Id, name: team1Name, members: members.get(m.team1Id) ?? [] },
    team2: { id: m.team2Id, name: team2Name, members: members.get(m.team2Id) ?? [] },
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

/** A bounded page of match views with a (capped) total. */
export async function pageOfMatches(opts: {
  db: DbOrTx;
  where: SQL | undefined;
  page: number;
  limit: number;
  orderBy?: SQL[];
}): Promise<Page<MatchView>> {
  const offset = (opts.page - 1) * opts.limit;
  const [items, total] = await Promise.all([
    offset >= COUNT_CAP
      ? Promise.resolve([])
      : loadMatchViews({ db: opts.db, where: opts.where, limit: opts.limit, offset, ...(opts.orderBy ? { orderBy: opts.orderBy } : {}) }),
    cappedCount(opts.db, opts.where),
  ]);
  return {
    items,
    page: opts.page,
    pageSize: opts.limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / opts.limit)),
  };
}

async function cappedCount(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const inner = db.select({ one: sql`1` }).from(matches).where(where).limit(COUNT_CAP).as("capped");
  const [row] = await db.select({ n: count() }).from(inner);
  return Number(row?.n ?? 0);
}

