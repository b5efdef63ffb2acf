// Disputes: the opponent disputes a pending result (by the emailed token or in the app), the
// reporter's team and the admins are told, and an admin resolves it: uphold (the result stands and is
// applied exactly like a confirmation) or void (no rating change). Both teams learn the outcome.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { disputes, matches, users } from "@shared/schema";
import { CONFIRMATION_STATUS, DISPUTE_OUTCOME, DISPUTE_STATUS, MATCH_STATUS } from "@shared/constants";
import type { Page, PageQuery } from "@shared/paging";
import type { DisputeView, MatchView } from "@shared/types/matches";
import { MATCH_MESSAGES, winnerWonMoreSets, type ResolveDisputeInput } from "@shared/validators/matches";
import type { DbOrTx } from "../../db/client";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { consumeToken } from "../../auth/tokens";
import { alreadySettled, applyApprovedResult, claimPendingMatch, completeChallenge, lockTeams, matchNotFound } from "../matches/confirm.service";
import { COUNT_CAP, loadMatchView, loadMatchViews } from "../matches/match-view";
import { tokenRefusal } from "../matches/matches.service";
import { adminRecipients, teamRecipients, tell, without } from "../notifications/notifications.service";
import { disputeResolvedMail, matchDisputedMail } from "../matches/matches.emails";
import { offsetOf, pageOf } from "../../lib/paging";

const RESOLVE_TITLE = "Failed to Resolve Dispute";

/**
 * Disputes a pending match: by token (`token`) or in the app (`actor`, a member of the team that did
 * not report it). Only from pending (one conditional update), the token used in the same transaction.
 */
export async function disputeMatch(
  deps: Deps<"db" | "env" | "logger">,
  opts: { reason: string } & (
    | { token: string; actor?: undefined; matchId?: undefined }
    | { actor: Pick<Actor, "id" | "teamId">; matchId: number; token?: undefined }
  ),
): Promise<{ match: MatchView; disputeId: number }> {
  const { db } = deps;
  const result = await db.transaction(async (tx) => {
    let matchId: number;
    let actingTeamId: number | undefined;
    if (opts.token !== undefined) {
      const used = await consumeToken(tx, opts.token, "match_confirmation");
      if (!used || used.matchId === null) throw await tokenRefusal(tx, opts.token);
      matchId = used.matchId;
    } else {
      matchId = opts.matchId;
      if (!opts.actor.teamId) throw matchNotFound();
      actingTeamId = opts.actor.teamId;
      const [m] = await tx
        .select({ team1Id: matches.team1Id, team2Id: matches.team2Id, reportedByTeamId: matches.reportedByTeamId })
        .from(matches)
        .where(eq(matches.id, matchId))
        .limit(1);
      if (!m || (m.team1Id !== actingTeamId && m.team2Id !== actingTeamId)) throw matchNotFound();
      if (m.reportedByTeamId === actingTeamId)
        throw forbidden("The team that reported the match cannot dispute it.", { title: "Dispute Not Allowed", code: "reporter_team" });
    }

    const now = new Date();
    const claimed = await claimPendingMatch({ db: tx }, { matchId, status: CONFIRMATION_STATUS.disputed, actingTeamId, now });
    if (!claimed) {
      const [m] = await tx.select({ status: matches.confirmationStatus }).from(matches).where(eq(matches.id, matchId)).limit(1);
      throw m ? alreadySettled(m.status) : matchNotFound();
    }
    const disputingTeamId =
      actingTeamId ??
      (claimed.reportedByTeamId === claimed.team1Id
        ? claimed.team2Id
        : claimed.reportedByTeamId === claimed.team2Id
          ? claimed.team1Id
          : null);
    const [dispute] = await tx
      .insert(disputes)
      .values({
        matchId,
        reporterId: opts.actor?.id ?? null,
        reporterTeamId: disputingTeamId,
        description: opts.reason,
        status: DISPUTE_STATUS.pending,
      })
      .returning({ id: disputes.id });
    // The reporting team and the admins are told with the change (an admin of that team once).
    const match = (await loadMatchView(tx, matchId))!;
    const reporterTeam = await teamRecipients(tx, claimed.reportedByTeamId !== null ? [claimed.reportedByTeamId] : []);
    const admins = without(await adminRecipients(tx), reporterTeam);
    const appUrl = deps.env.APP_URL;
    await tell(tx, {
      type: "result.disputed",
      userIds: reporterTeam.userIds,
      link: "/history",
      mail: matchDisputedMail({ to: reporterTeam.emails, appUrl, match, reason: opts.reason, forAdmin: false }),
    });
    await tell(tx, {
      type: "dispute.opened",
      userIds: admins.userIds,
      link: "/admin",
      mail: matchDisputedMail({ to: admins.emails, appUrl, match, reason: opts.reason, forAdmin: true }),
    });
    return { match, matchId, disputeId: dispute!.id, reporterTeamId: claimed.reportedByTeamId, disputingTeamId };
  });

  const { match } = result;
  deps.logger.info(
    {
      event: "match.disputed",
      matchId: result.matchId,
      disputeId: result.disputeId,
      via: opts.token !== undefined ? "token" : "app",
      disputedBy: opts.actor?.id ?? null,
      teamId: result.disputingTeamId,
    },
    "match disputed",
  );
  return { match, disputeId: result.disputeId };
}

const reporterUser = alias(users, "dispute_reporter");

async function disputeViews(db: DbOrTx, where: ReturnType<typeof eq> | undefined, limit: number, offset: number): Promise<DisputeView[]> {
  const rows = await db
    .select({ d: disputes, reporterName: reporterUser.name })
    .from(disputes)
    .leftJoin(reporterUser, eq(reporterUser.id, disputes.reporterId))
    .where(where)
    .orderBy(asc(disputes.createdAt), asc(disputes.id))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];
  const views = await loadMatchViews({ db, where: inArray(matches.id, rows.map((r) => r.d.matchId)), limit: rows.length });
  const byId = new Map(views.map((v) => [v.id, v]));
  return rows.flatMap(({ d, reporterName }) => {
    const match = byId.get(d.matchId);
    if (!match) return [];
    return [
      {
        id: d.id,
        matchId: d.matchId,
        status: d.status,
        outcome: d.outcome,
        description: d.description,
        reporter: d.reporterId !== null && reporterName !== null ? { id: d.reporterId, name: reporterName } : null,
        reporterTeamId: d.reporterTeamId,
        resolutionNotes: d.resolutionNotes,
        resolvedAt: d.resolvedAt ? d.resolvedAt.toISOString() : null,
        createdAt: d.createdAt.toISOString(),
        match,
      },
    ];
  });
}

/** How many disputes wait for an admin (the menu's count and the admin's home). */
export async function countPendingDisputes(deps: TxDeps<"db">): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(disputes).where(eq(disputes.status, DISPUTE_STATUS.pending));
  return Number(row?.n ?? 0);
}

/** GET /api/disputes/pending (admin): oldest first, with the match view and both teams; bounded. */
export async function listPendingDisputes(deps: TxDeps<"db">, query: PageQuery): Promise<Page<DisputeView>> {
  const where = eq(disputes.status, DISPUTE_STATUS.pending);
  const offset = offsetOf(query);
  const [items, [total]] = await Promise.all([
    offset >= COUNT_CAP ? Promise.resolve([]) : disputeViews(deps.db, where, query.limit, offset),
    deps.db.select({ n: count() }).from(disputes).where(where),
  ]);
  return pageOf(items, Math.min(Number(total?.n ?? 0), COUNT_CAP), query);
}

/**
 * PATCH /api/disputes/{id} (admin): resolves a pending dispute once. uphold -> the result is applied
 * exactly as a confirmation; void -> the match is voided, ratings untouched; the challenge completes.
 */
export async function resolveDispute(
  deps: Deps<"db" | "env" | "clock" | "logger">,
  input: ResolveDisputeInput & { disputeId: number; actor: Pick<Actor, "id"> },
): Promise<DisputeView> {
  const { db } = deps;
  const resolution = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: disputes.status, matchId: disputes.matchId, team1Id: matches.team1Id, team2Id: matches.team2Id })
      .from(disputes)
      .innerJoin(matches, eq(matches.id, disputes.matchId))
      .where(eq(disputes.id, input.disputeId))
      .limit(1);
    if (!row) throw notFound("Dispute not found.", { title: RESOLVE_TITLE });
    if (row.status !== DISPUTE_STATUS.pending) throw alreadyResolved();

    // Same lock order as a confirmation: teams, then the dispute and the match.
    const locked = await lockTeams(tx, [row.team1Id, row.team2Id]);
    const now = new Date();
    const [claimed] = await tx
      .update(disputes)
      .set({
        status: DISPUTE_STATUS.resolved,
        outcome: input.outcome,
        resolutionNotes: input.resolutionNotes,
        resolvedBy: input.actor.id,
        resolvedAt: now,
        updatedAt: now,
      })
      .where(and(eq(disputes.id, input.disputeId), eq(disputes.status, DISPUTE_STATUS.pending)))
      .returning({ id: disputes.id });
    if (!claimed) throw alreadyResolved();

    if (input.outcome === DISPUTE_OUTCOME.correct) {
      // The admin's score and winner replace the reported ones; then the result stands like an upheld one.
      const [current] = await tx
        .select({ team1Id: matches.team1Id, team2Id: matches.team2Id, player1Id: matches.player1Id, player2Id: matches.player2Id })
        .from(matches)
        .where(eq(matches.id, row.matchId))
        .limit(1);
      const sets = input.score!;
      const winnerTeamId = input.winnerTeamId!;
      if (!current || (winnerTeamId !== current.team1Id && winnerTeamId !== current.team2Id))
        throw badRequest(MATCH_MESSAGES.winnerTeam, { title: RESOLVE_TITLE, fields: { winnerTeamId: MATCH_MESSAGES.winnerTeam } });
      if (!winnerWonMoreSets(sets, current.team1Id, current.team2Id, winnerTeamId))
        throw badRequest(MATCH_MESSAGES.winnerSets, { title: RESOLVE_TITLE, fields: { winnerTeamId: MATCH_MESSAGES.winnerSets } });
      const [match] = await tx
        .update(matches)
        .set({
          score: JSON.stringify(sets),
          winnerTeamId,
          winnerId: winnerTeamId === current.team1Id ? current.player1Id : current.player2Id,
          updatedAt: now,
        })
        .where(and(eq(matches.id, row.matchId), eq(matches.matchStatus, MATCH_STATUS.reported)))
        .returning();
      if (!match) throw conflict("This match's result has already been settled.", { title: RESOLVE_TITLE });
      await applyApprovedResult({ tx, match, approvedBy: input.actor.id, now, lockedTeams: locked! });
    } else if (input.outcome === DISPUTE_OUTCOME.uphold) {
      const [match] = await tx
        .update(matches)
        .set({ updatedAt: now })
        .where(and(eq(matches.id, row.matchId), eq(matches.matchStatus, MATCH_STATUS.reported)))
        .returning();
      if (!match) throw conflict("This match's result has already been settled.", { title: RESOLVE_TITLE });
      await applyApprovedResult({ tx, match, approvedBy: input.actor.id, now, lockedTeams: locked! });
    } else {
      const [match] = await tx
        .update(matches)
        .set({ matchStatus: MATCH_STATUS.voided, updatedAt: now })
        .where(and(eq(matches.id, row.matchId), eq(matches.matchStatus, MATCH_STATUS.reported)))
        .returning();
      if (!match) throw conflict("This match's result has already been settled.", { title: RESOLVE_TITLE });
      await completeChallenge(tx, match.challengeId, now);
    }
    // Both teams learn the outcome with the change.
    const [resolved] = await disputeViews(tx, eq(disputes.id, input.disputeId), 1, 0);
    const both = await teamRecipients(tx, [resolved!.match.team1.id, resolved!.match.team2.id]);
    await tell(tx, {
      type: "dispute.resolved",
      userIds: both.userIds,
      link: "/history",
      mail: disputeResolvedMail({ to: both.emails, appUrl: deps.env.APP_URL, match: resolved!.match, outcome: input.outcome, notes: input.resolutionNotes }),
    });
    return { matchId: row.matchId, view: resolved! };
  });

  const { matchId, view } = resolution;
  deps.logger.info(
    { event: "dispute.resolved", disputeId: input.disputeId, matchId, outcome: input.outcome, resolvedBy: input.actor.id },
    "dispute resolved",
  );
  return view;
}

function alreadyResolved() {
  return conflict("Dispute Already resolved", { title: RESOLVE_TITLE, code: "dispute_resolved" });
}
