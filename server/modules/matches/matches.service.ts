// Results: reporting a match, confirming it (in the app or by the emailed token), and the bounded reads.
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { challenges, matches, teams, users } from "@shared/schema";
import { ACTIVE_CHALLENGE_STATUSES, CHALLENGE_STATUS, REPORT_AGAIN_DAYS, CONFIRMATION_STATUS, MATCH_STATUS, MATCH_TYPE, SURFACES, type ChallengeStatus, type Surface } from "@shared/constants";
import { surfaceFromLocation } from "@shared/places";
import { surfaceRating, surfaceRecord, winPercent } from "@shared/rating";
import type { Page, PageQuery } from "@shared/paging";
import type { MatchView, TeamStats } from "@shared/types/matches";
import type { ReportMatchParsed } from "@shared/validators/matches";
import type { DbOrTx } from "../../db/client";
import type { Deps, OutsideTxDeps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { teamRecipients, tell } from "../notifications/notifications.service";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { consumeToken, issueToken } from "../../auth/tokens";
import { currentLadderRanks, storedRankOf } from "../ladder";
import { alreadySettled, confirmMatch, matchIdForToken, matchNotFound } from "./confirm.service";
import { involvesTeam, loadMatchView, pageOfMatches } from "./match-view";
import { matchReportedMail, resultWithdrawnMail } from "./matches.emails";
import { approvalDeadline } from "../clock";

const REPORT_TITLE = "Failed to report match";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /api/matches: a captain of either team of an accepted challenge reports the result. One
 * transaction: the match (pending, deadline set), the challenge accepted -> match_reported (a racing
 * second report gets 409), the confirmation token, and the opponent's members told (notification and
 * mail with the confirm and dispute links).
 */
export async function reportMatch(
  deps: Deps<"db" | "env" | "logger">,
  input: ReportMatchParsed & { actor: Pick<Actor, "id" | "teamId" | "isCaptain">; now?: Date },
): Promise<MatchView> {
  const { db } = deps;
  const { actor } = input;
  const teamId = actor.teamId;
  if (!teamId || !actor.isCaptain)
    throw forbidden("Only your team captain can report a match result.", { title: "Captain Only", code: "captain_only" });

  const { matchId, opponentTeamId, view } = await db.transaction(async (tx) => {
    // Ownership in the query: only a challenge the actor's team is part of is found.
    const [challenge] = await tx
      .select()
      .from(challenges)
      .where(
        and(
          eq(challenges.id, input.challengeId),
          or(eq(challenges.challengerTeamId, teamId), eq(challenges.challengedTeamId, teamId)),
        ),
      )
      .limit(1);
    if (!challenge) throw notFound("Challenge not found.", { title: REPORT_TITLE });
    if (challenge.status !== CHALLENGE_STATUS.accepted) throw challengeNotReportable(challenge.status);
    const now = input.now ?? new Date();
    // The play-by date passed (the sweep may not have marked it expired yet): docs/product.md, "The challenge clock".
    if (challenge.playBy && challenge.playBy <= now) throw challengeNotReportable(CHALLENGE_STATUS.expired);

    const pair = [challenge.challengerTeamId, challenge.challengedTeamId].sort((a, b) => a - b);
    const given = [input.team1Id, input.team2Id].sort((a, b) => a - b);
    if (pair[0] !== given[0] || pair[1] !== given[1])
      throw badRequest("The teams must be the two teams of the challenge.", { title: REPORT_TITLE, fields: { team1Id: "Not a team of this challenge." } });

    let location = challenge.location;
    if (input.location && input.location.trim() !== "") {
      const surface = surfaceFromLocation(input.location);
      if (surface !== challenge.surface)
        throw badRequest(`The location must be on the challenge's surface (${challenge.surface}).`, {
          title: REPORT_TITLE,
          fields: { location: "Not the challenge's surface." },
        });
      location = input.location.trim();
    }

    const captains = await tx
      .select({ id: users.id, teamId: users.teamId })
      .from(users)
      .where(and(inArray(users.teamId, pair), eq(users.isCaptain, true)))
      .orderBy(asc(users.id));
    const captainOf = (id: number) => captains.find((c) => c.teamId === id)?.id ?? null;
    const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId)).limit(1);

    const played = challenge.proposedDateTime && challenge.proposedDateTime <= now ? challenge.proposedDateTime : now;
    const [match] = await tx
      .insert(matches)
      .values({
        team1Id: input.team1Id,
        team2Id: input.team2Id,
        winnerTeamId: input.winnerTeamId,
        player1Id: captainOf(input.team1Id),
        player2Id: captainOf(input.team2Id),
        winnerId: captainOf(input.winnerTeamId),
        challengeId: challenge.id,
        matchDate: played,
        location,
        surface: challenge.surface,
        score: JSON.stringify(input.score),
        notes: input.notes,
        matchStatus: MATCH_STATUS.reported,
        confirmationStatus: CONFIRMATION_STATUS.pending,
        matchType: MATCH_TYPE.challenge,
        approvalDeadline: await approvalDeadline(tx, { env: deps.env, now }),
        createdAt: now,
        updatedAt: now,
        reportedBy: actor.id,
        reportedByTeamId: teamId,
      })
      .returning({ id: matches.id });

    // Two captains reporting at once: the second finds the challenge no longer accepted.
    const [moved] = await tx
      .update(challenges)
      .set({ status: CHALLENGE_STATUS.matchReported, updatedAt: now })
      .where(and(eq(challenges.id, challenge.id), eq(challenges.status, CHALLENGE_STATUS.accepted)))
      .returning({ id: challenges.id });
    if (!moved) throw challengeNotReportable(CHALLENGE_STATUS.matchReported);

    const token = await issueToken(tx, { purpose: "match_confirmation", matchId: match!.id });
    const opponentTeamId = challenge.challengerTeamId === teamId ? challenge.challengedTeamId : challenge.challengerTeamId;
    const view = (await loadMatchView(tx, match!.id))!;
    const opponents = await teamRecipients(tx, [opponentTeamId]);
    await tell(tx, {
      type: "result.reported",
      userIds: opponents.userIds,
      link: "/",
      mail: matchReportedMail({
        to: opponents.emails,
        appUrl: deps.env.APP_URL,
        timeZone: deps.env.CLUB_TIMEZONE,
        match: view,
        token,
        reportingTeam: team?.name ?? "The other team",
      }),
    });
    return { matchId: match!.id, opponentTeamId, view };
  });

  deps.logger.info(
    { event: "match.reported", matchId, challengeId: input.challengeId, reportedBy: actor.id, teamId, opponentTeamId },
    "match reported",
  );
  return view;
}

function challengeNotReportable(status: ChallengeStatus): AppError {
  switch (status) {
    case CHALLENGE_STATUS.matchReported:
    case CHALLENGE_STATUS.completed:
      return conflict("A result has already been reported for this challenge.", { title: REPORT_TITLE, code: "already_reported" });
    case CHALLENGE_STATUS.pending:
      return conflict("The challenge has not been accepted yet; a result can be reported once it is accepted.", {
        title: REPORT_TITLE,
        code: "challenge_not_accepted",
      });
    case CHALLENGE_STATUS.expired:
      return conflict("This challenge expired: its play-by date passed without a result, so there is no match to report.", {
        title: REPORT_TITLE,
        code: "challenge_expired",
      });
    default:
      return conflict(`This challenge was ${status}; there is no match to report.`, { title: REPORT_TITLE, code: "challenge_closed" });
  }
}

/**
 * POST /api/matches/{id}/withdraw: the captain of the team that reported a result takes it back while
 * it is pending (a typo, the wrong winner). The match row goes (its confirmation token with it: the
 * mailed links stop working) and the challenge is accepted again, in one transaction; a confirmation
 * or dispute racing it finds either the result or nothing. The opponent is told (notification and
 * mail) in the same transaction.
 */
export async function withdrawMatch(
  deps: Deps<"db" | "env" | "logger">,
  input: { matchId: number; actor: Pick<Actor, "id" | "teamId" | "isCaptain"> },
): Promise<{ challengeId: number | null }> {
  const { db } = deps;
  const { actor, matchId } = input;
  const teamId = actor.teamId;
  if (!teamId) throw matchNotFound();
  const view = await loadMatchView(db, matchId);
  if (!view || (view.team1.id !== teamId && view.team2.id !== teamId)) throw matchNotFound();
  const refuse = forbidden("Only the captain of the team that reported this result can withdraw it.", {
    title: "Failed to Withdraw Result",
    code: "reporter_only",
  });
  if (view.reportedByTeamId !== teamId || !actor.isCaptain) throw refuse;

  const challengeId = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(matches)
      .where(
        and(
          eq(matches.id, matchId),
          eq(matches.reportedByTeamId, teamId),
          eq(matches.matchStatus, MATCH_STATUS.reported),
          eq(matches.confirmationStatus, CONFIRMATION_STATUS.pending),
        ),
      )
      .returning({ challengeId: matches.challengeId });
    if (!gone) {
      const [m] = await tx.select({ status: matches.confirmationStatus }).from(matches).where(eq(matches.id, matchId)).limit(1);
      throw m ? alreadySettled(m.status) : matchNotFound();
    }
    if (gone.challengeId !== null) {
      // The pair may have opened a new challenge since the report: one open challenge per pair.
      const [open] = await tx
        .select({ id: challenges.id })
        .from(challenges)
        .where(
          and(
            inArray(challenges.status, [...ACTIVE_CHALLENGE_STATUSES]),
            or(
              and(eq(challenges.challengerTeamId, view.team1.id), eq(challenges.challengedTeamId, view.team2.id)),
              and(eq(challenges.challengerTeamId, view.team2.id), eq(challenges.challengedTeamId, view.team1.id)),
            ),
          ),
        )
        .limit(1);
      if (open)
        throw conflict("Your teams have another open challenge, so this result can no longer be withdrawn. Cancel or finish that challenge first.", {
          title: "Failed to Withdraw Result",
          code: "active_pair",
        });
      // Accepted again, with at least REPORT_AGAIN_DAYS left to report the right result (docs/product.md, "The challenge clock").
      const now = new Date();
      const reportBy = new Date(now.getTime() + REPORT_AGAIN_DAYS * DAY_MS);
      await tx
        .update(challenges)
        .set({ status: CHALLENGE_STATUS.accepted, playBy: sql`greatest(coalesce(${challenges.playBy}, ${reportBy}), ${reportBy})`, updatedAt: now })
        .where(and(eq(challenges.id, gone.challengeId), eq(challenges.status, CHALLENGE_STATUS.matchReported)));
    }
    // The opponent's members are told with the change (server/mail/outbox.ts).
    const opponentTeamId = view.team1.id === teamId ? view.team2.id : view.team1.id;
    const reportingTeam = view.team1.id === teamId ? view.team1.name : view.team2.name;
    const opponents = await teamRecipients(tx, [opponentTeamId]);
    await tell(tx, {
      type: "result.withdrawn",
      userIds: opponents.userIds,
      link: "/challenges",
      mail: resultWithdrawnMail({ to: opponents.emails, appUrl: deps.env.APP_URL, match: view, reportingTeam }),
    });
    return gone.challengeId;
  });
  deps.logger.info({ event: "match.withdrawn", matchId, challengeId, withdrawnBy: actor.id, teamId }, "match result withdrawn");
  return { challengeId };
}

/** POST /api/matches/{id}/approve: any approved member of the team that did not report it. */
export async function approveMatch(deps: Deps<"db" | "env" | "clock" | "logger">, input: { matchId: number; actor: Pick<Actor, "id" | "teamId"> }): Promise<MatchView> {
  if (!input.actor.teamId) throw matchNotFound();
  const confirmed = await confirmMatch({
    db: deps.db,
    matchId: input.matchId,
    approvedBy: input.actor.id,
    via: "approve",
    actingTeamId: input.actor.teamId,
    logger: deps.logger,
    appUrl: deps.env.APP_URL,
  });
  return confirmed.view;
}

/**
 * POST /api/matches/confirm/{token}: the token is used and the match confirmed in one transaction
 * (a refused confirmation leaves the token as it was).
 */
export async function confirmMatchByToken(deps: Deps<"db" | "env" | "clock" | "logger">, input: { token: string }): Promise<MatchView> {
  const view = await deps.db.transaction(async (tx) => {
    const used = await consumeToken(tx, input.token, "match_confirmation");
    if (!used || used.matchId === null) throw await tokenRefusal(tx, input.token);
    return (await confirmMatch({ db: tx, matchId: used.matchId, approvedBy: null, via: "token", appUrl: deps.env.APP_URL })).view;
  });
  deps.logger.info({ event: "match.confirmed", matchId: view.id, via: "token", approvedBy: null, ratings: view.ratings }, "match confirmed");
  return view;
}

/** Why a token cannot be used: unknown -> 404 'Match Not Found'; used -> 409 'Match Already {status}'. */
export async function tokenRefusal(db: DbOrTx, token: string): Promise<AppError> {
  const matchId = await matchIdForToken(db, token);
  if (matchId === undefined) return matchNotFound();
  const [m] = await db.select({ status: matches.confirmationStatus }).from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!m) return matchNotFound();
  if (m.status === CONFIRMATION_STATUS.pending) return conflict("This link has already been used.", { title: "Link Already Used", code: "token_used" });
  return alreadySettled(m.status);
}

/** GET /api/matches/token/{token} and /confirm/{token}: only reads. Used tokens still show the match. */
export async function getMatchByToken(deps: TxDeps<"db">, input: { token: string }): Promise<MatchView> {
  const matchId = await matchIdForToken(deps.db, input.token);
  const view = matchId === undefined ? undefined : await loadMatchView(deps.db, matchId);
  if (!view) throw matchNotFound();
  return view;
}

export function listRecentMatches(deps: TxDeps<"db">, input: PageQuery): Promise<Page<MatchView>> {
  return pageOfMatches({ db: deps.db, where: undefined, page: input.page, limit: input.limit });
}

export function listTeamMatches(deps: TxDeps<"db">, input: PageQuery & { teamId: number }): Promise<Page<MatchView>> {
  return pageOfMatches({ db: deps.db, where: involvesTeam(input.teamId), teamId: input.teamId, page: input.page, limit: input.limit });
}

/** Pending matches of the team that the OTHER team reported: they wait for this team's approval. */
const awaitingApprovalOf = (teamId: number) =>
  and(eq(matches.confirmationStatus, CONFIRMATION_STATUS.pending), involvesTeam(teamId), or(isNull(matches.reportedByTeamId), ne(matches.reportedByTeamId, teamId)));

/** How many results wait for the team's approval (the menu's count). */
export async function countAwaitingApproval(deps: TxDeps<"db">, input: { teamId: number }): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(matches).where(awaitingApprovalOf(input.teamId));
  return Number(row?.n ?? 0);
}

/** Pending matches of the actor's team that the OTHER team reported, soonest deadline first. */
export function listAwaitingApproval(deps: TxDeps<"db">, input: PageQuery & { teamId: number }): Promise<Page<MatchView>> {
  return pageOfMatches({
    db: deps.db,
    where: awaitingApprovalOf(input.teamId),
    // A team's pending matches are few (the per-team pending indexes): read them, then order them.
    narrow: true,
    orderBy: [asc(matches.approvalDeadline), desc(matches.id)],
    page: input.page,
    limit: input.limit,
  });
}

/** 'Your Statistics': overall record, ELO, rank (the ladder module's overall rank), win %; per surface record, ELO, win %. */
export async function getTeamStats(deps: OutsideTxDeps<"db" | "env" | "clock">, opts: { teamId: number }): Promise<TeamStats | null> {
  await currentLadderRanks(deps);
  const [row] = await deps.db
    .select({ team: teams, rank: sql<number | null>`${storedRankOf({ ladder: "overall", within: "club", alias: "teams" })}` })
    .from(teams)
    .where(eq(teams.id, opts.teamId))
    .limit(1);
  if (!row) return null;
  const { team, rank } = row;
  const surfaces = Object.fromEntries(
    SURFACES.map((s) => {
      const rec = surfaceRecord(team, s);
      return [s, { wins: rec.wins, losses: rec.losses, rating: surfaceRating(team, s), winPercent: winPercent(rec.wins, rec.losses) }];
    }),
  ) as Record<Surface, TeamStats["surfaces"][Surface]>;
  return {
    teamId: team.id,
    teamName: team.name,
    overall: { wins: team.wins, losses: team.losses, rating: team.rating, winPercent: winPercent(team.wins, team.losses), rank },
    surfaces,
  };
}
