// Test rows for the results tests: challenges and reported matches made directly in the database, so
// these tests don't depend on the challenges endpoints.
import { eq } from "drizzle-orm";
import { challenges, matches, teams, type Challenge, type Match, type Team } from "@shared/schema";
import { CHALLENGE_STATUS, CONFIRMATION_STATUS, MATCH_STATUS, MATCH_TYPE, SURFACE_LOCATIONS, type Surface } from "@shared/constants";
import { ratingStateOf, type RatingState } from "@shared/rating";
import type { Db } from "../../db/client";
import { issueToken } from "../../auth/tokens";

export async function acceptedChallenge(
  db: Db,
  challenger: Team,
  challenged: Team,
  surface: Surface = "grass",
  status: Challenge["status"] = CHALLENGE_STATUS.accepted,
): Promise<Challenge> {
  const [row] = await db
    .insert(challenges)
    .values({
      challengerTeamId: challenger.id,
      challengedTeamId: challenged.id,
      status,
      location: SURFACE_LOCATIONS[surface],
      surface,
      competitionType: challenger.competitionType,
      notes: "Call me on 555-0100",
      proposedDateTime: new Date(Date.now() - 60 * 60 * 1000),
    })
    .returning();
  return row!;
}

/**
 * A match reported by `reporter` against `opponent` (pending), as POST /api/matches leaves it:
 * challenge match_reported, a confirmation token issued. Returns the match and the plain token.
 */
export async function reportedMatch(
  db: Db,
  opts: {
    reporter: { team: Team; captainId: number };
    opponent: Team;
    winner?: "reporter" | "opponent";
    surface?: Surface;
    deadline?: Date;
  },
): Promise<{ match: Match; token: string; challenge: Challenge }> {
  const surface = opts.surface ?? "grass";
  const challenge = await acceptedChallenge(db, opts.reporter.team, opts.opponent, surface, CHALLENGE_STATUS.matchReported);
  const winnerId = (opts.winner ?? "reporter") === "reporter" ? opts.reporter.team.id : opts.opponent.id;
  const [match] = await db
    .insert(matches)
    .values({
      team1Id: opts.reporter.team.id,
      team2Id: opts.opponent.id,
      winnerTeamId: winnerId,
      challengeId: challenge.id,
      location: SURFACE_LOCATIONS[surface],
      surface,
      score: winnerId === opts.reporter.team.id ? "[[3,1],[3,2]]" : "[[1,3],[2,3]]",
      matchStatus: MATCH_STATUS.reported,
      confirmationStatus: CONFIRMATION_STATUS.pending,
      matchType: MATCH_TYPE.challenge,
      approvalDeadline: opts.deadline ?? new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
      reportedBy: opts.reporter.captainId,
      reportedByTeamId: opts.reporter.team.id,
    })
    .returning();
  const token = await issueToken(db, { purpose: "match_confirmation", matchId: match!.id });
  return { match: match!, token, challenge };
}

export async function teamState(db: Db, teamId: number): Promise<RatingState> {
  const [t] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!t) throw new Error(`team ${teamId} not found`);
  return ratingStateOf(t);
}

export async function matchRow(db: Db, id: number): Promise<Match> {
  const [m] = await db.select().from(matches).where(eq(matches.id, id));
  return m!;
}

export async function challengeRow(db: Db, id: number): Promise<Challenge> {
  const [c] = await db.select().from(challenges).where(eq(challenges.id, id));
  return c!;
}
