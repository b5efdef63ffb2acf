// Ladder order and ranks (DECISIONS: Ratings). A surface ladder lists active, approved teams with at
// least one approved match on that surface, ordered by that surface's rating, then more wins there,
// then the earlier team; ranks run 1..n. The overall rank is the position by overall rating among
// active approved teams.
import { and, asc, count, desc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { teams } from "@shared/schema";
import type { CompetitionType, Surface } from "@shared/constants";
import type { DbOrTx } from "../../db/client";

export interface SurfaceLadderRow {
  teamId: number;
  rank: number;
  rating: number;
  wins: number;
  losses: number;
}

/** The columns of one surface: rating, wins, losses. */
export function surfaceColumns(surface: Surface) {
  switch (surface) {
    case "grass":
      return { rating: teams.grassRating, wins: teams.grassWins, losses: teams.grassLosses };
    case "beach":
      return { rating: teams.beachRating, wins: teams.beachWins, losses: teams.beachLosses };
    case "hardcourt":
      return { rating: teams.hardcourtRating, wins: teams.hardcourtWins, losses: teams.hardcourtLosses };
  }
}

/** Active (not deleted) and approved teams, optionally of one category. */
export function activeApprovedTeams(competitionType?: CompetitionType): SQL {
  return and(
    isNull(teams.deletedAt),
    eq(teams.isApproved, true),
    competitionType ? eq(teams.competitionType, competitionType) : undefined,
  )!;
}

/** Teams that have played on this surface (an approved match there moves its counters). */
export function playedOnSurface(surface: Surface): SQL {
  const c = surfaceColumns(surface);
  return gt(sql`${c.wins} + ${c.losses}`, 0);
}

/** The ladder order of one surface: rating desc, then more wins, then earlier createdAt (id breaks exact ties). */
export function surfaceOrder(surface: Surface): SQL[] {
  const c = surfaceColumns(surface);
  return [desc(c.rating), desc(c.wins), asc(teams.createdAt), asc(teams.id)];
}

export async function getSurfaceLadder(opts: {
  db: DbOrTx;
  surface: Surface;
  competitionType?: CompetitionType;
}): Promise<SurfaceLadderRow[]> {
  const c = surfaceColumns(opts.surface);
  const rows = await opts.db
    .select({ teamId: teams.id, rating: c.rating, wins: c.wins, losses: c.losses })
    .from(teams)
    .where(and(activeApprovedTeams(opts.competitionType), playedOnSurface(opts.surface)))
    .orderBy(...surfaceOrder(opts.surface));
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

/**
 * The position by overall rating among active approved teams (ties: more wins, then earlier
 * createdAt, then id), or null when the team is not active and approved ('N/A').
 */
export async function getOverallRank(opts: { db: DbOrTx; teamId: number }): Promise<number | null> {
  const [team] = await opts.db
    .select({ rating: teams.rating, wins: teams.wins, createdAt: teams.createdAt, id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, opts.teamId), activeApprovedTeams()))
    .limit(1);
  if (!team) return null;
  const [ahead] = await opts.db
    .select({ n: count() })
    .from(teams)
    .where(
      and(
        activeApprovedTeams(),
        or(
          gt(teams.rating, team.rating),
          and(eq(teams.rating, team.rating), gt(teams.wins, team.wins)),
          and(eq(teams.rating, team.rating), eq(teams.wins, team.wins), lt(teams.createdAt, team.createdAt)),
          and(
            eq(teams.rating, team.rating),
            eq(teams.wins, team.wins),
            eq(teams.createdAt, team.createdAt),
            lt(teams.id, team.id),
          ),
        ),
      ),
    );
  return Number(ahead?.n ?? 0) + 1;
}

/** The SQL window expression for the overall rank, for list queries (one query, no N+1). */
export function overallRankOrder(): SQL {
  return sql`${teams.rating} desc, ${teams.wins} desc, ${teams.createdAt} asc, ${teams.id} asc`;
}
