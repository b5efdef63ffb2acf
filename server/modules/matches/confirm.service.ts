// Confirming a reported result: ONE operation for the in-app approval, the emailed token, the
// deadline sweep and an upheld dispute. Applied exactly once, however many confirmations race.
//
// Lock order, the same on every path (so concurrent work never deadlocks):
//   [token row] -> both teams' rows in id order (SELECT ... FOR NO KEY UPDATE) -> the match row
// The match leaves `pending` with one conditional UPDATE (... WHERE confirmation_status = 'pending'
// RETURNING): whoever gets the row applies the ratings; everyone else gets 0 rows and a 409.
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { authTokens, challenges, matches, teams, type Match, type Team } from "@shared/schema";
import { CHALLENGE_STATUS, CONFIRMATION_STATUS, MATCH_STATUS, type ConfirmationStatus } from "@shared/constants";
import { ALREADY_DONE_CODE } from "@shared/constants";
import { applyMatch, matchRatingColumns, ratingStateOf } from "@shared/rating";
import type { DbOrTx } from "../../db/client";
import type { TxDeps } from "../../deps";
import { hashToken, isWellFormedToken } from "../../auth/tokens";
import { AppError, conflict, forbidden, notFound } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import { teamRecipients, tell } from "../notifications/notifications.service";
import { loadMatchView } from "./match-view";
import type { MatchView } from "@shared/types/matches";
import { resultConfirmedMail } from "./matches.emails";
import { publishLive } from "../../lib/live-events";
import { LIVE_MESSAGE } from "@shared/types/events";
import { loadRatingSettings, markLadderRanksChanged, setsMargin } from "../ladder";

export type ConfirmVia = "approve" | "token" | "sweep" | "dispute";

export const MATCH_NOT_FOUND = "Match Not Found";

/** 409 'Match Already {status}' with the match's actual status (confirmed, disputed...). */
export function alreadySettled(status: string, code = "match_not_pending"): AppError {
  const text = `Match Already ${status}`;
  return conflict(text, { title: text, code });
}

/** In-app approval of a result that is already confirmed: what the approving side asked for is done. */
function settledRefusal(status: string, actingTeamId: number | undefined): AppError {
  return alreadySettled(status, actingTeamId !== undefined && status === CONFIRMATION_STATUS.confirmed ? ALREADY_DONE_CODE : undefined);
}

export function matchNotFound(): AppError {
  return notFound(MATCH_NOT_FOUND, { title: MATCH_NOT_FOUND });
}

/** Locks both teams' rows in id order. "skip" returns null when another transaction holds one. */
export async function lockTeams(tx: DbOrTx, teamIds: number[], mode: "wait" | "skip" = "wait"): Promise<Map<number, Team> | null> {
  const ids = [...new Set(teamIds)].sort((a, b) => a - b);
  const q = tx.select().from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.id));
  // FOR NO KEY UPDATE: exclusive against other confirmations (and any update of the rows) but not
  // against the KEY SHARE locks that foreign keys take (a dispute or a report inserting a row that
  // references the team), which would otherwise deadlock with the match row lock.
  const rows = mode === "skip" ? await q.for("no key update", { skipLocked: true }) : await q.for("no key update");
  if (rows.length !== ids.length) {
    if (mode === "skip") return null;
    throw matchNotFound();
  }
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Applies a result that now stands (confirmed, auto-confirmed or upheld): the engine on both teams'
 * current (locked) rows, the teams' ratings and W-L written, previous/new ratings stored on the match
 * (surface in team1/2*, overall in player1/2*), the match approved and its challenge completed.
 * The caller has already claimed the match (moved it out of pending/disputed) in this transaction.
 */
export async function applyApprovedResult(opts: {
  tx: DbOrTx;
  match: Match;
  approvedBy: number | null;
  now?: Date;
  /** Both teams' rows, already locked by the caller; locked here when omitted. */
  lockedTeams?: Map<number, Team>;
}): Promise<Match> {
  const { tx, match } = opts;
  const locked = opts.lockedTeams ?? (await lockTeams(tx, [match.team1Id, match.team2Id]))!;
  const t1 = locked.get(match.team1Id);
  const t2 = locked.get(match.team2Id);
  if (!t1 || !t2) throw matchNotFound();
  // approvedAt strictly increases per team (both rows are locked), so replaying history in
  // (approvedAt, id) order applies each team's matches in the order they were applied here,
  // even when two confirmations land in the same millisecond.
  const requested = (opts.now ?? new Date()).getTime();
  const now = new Date(Math.max(requested, t1.updatedAt.getTime() + 1, t2.updatedAt.getTime() + 1));

  // The model in force, read after both team rows are locked: a switch of model holds every team row.
  const settings = await loadRatingSettings(tx);
  const applied = applyMatch(
    ratingStateOf(t1),
    ratingStateOf(t2),
    { surface: match.surface, aWon: match.winnerTeamId === match.team1Id, margin: setsMargin(match.score) },
    settings,
  );
  // A confirmed match makes both teams active again: their inactivity counts from now (docs/product.md, "Activity").
  await tx.update(teams).set({ ...applied.a, updatedAt: now, lastActiveAt: now }).where(eq(teams.id, t1.id));
  await tx.update(teams).set({ ...applied.b, updatedAt: now, lastActiveAt: now }).where(eq(teams.id, t2.id));

  const [updated] = await tx
    .update(matches)
    .set({
      matchStatus: MATCH_STATUS.approved,
      confirmationStatus: CONFIRMATION_STATUS.confirmed,
      approvedAt: now,
      approvedBy: opts.approvedBy,
      ...matchRatingColumns(applied),
      updatedAt: now,
    })
    // Only a result not yet applied: a second application can never happen.
    .where(and(eq(matches.id, match.id), eq(matches.matchStatus, MATCH_STATUS.reported)))
    .returning();
  if (!updated) throw alreadySettled(match.confirmationStatus);

  await completeChallenge(tx, match.challengeId, now);
  // Ratings and activity changed: the stored ranks are marked behind in this transaction and
  // refreshed after its commit (decision 039; the approver's own read before that waits for it,
  // decision 045). Only the overall and the match's surface ladder hold the ratings, wins and
  // losses written above (the refresh renumbers the others itself when a team's activity moved).
  await markLadderRanksChanged(tx, { ladders: ["overall", match.surface], by: opts.approvedBy });
  // Ratings moved: every open tab hears of it when this commits (no data in the message); the
  // refresh tells them again once it has moved a place (decision 045).
  await publishLive(tx, { type: LIVE_MESSAGE.ladderChanged, all: true });
  return updated;
}

/** The challenge of a settled match becomes completed (from match_reported). */
export async function completeChallenge(tx: DbOrTx, challengeId: number | null, now = new Date()): Promise<void> {
  if (challengeId === null) return;
  await tx
    .update(challenges)
    .set({ status: CHALLENGE_STATUS.completed, updatedAt: now })
    .where(and(eq(challenges.id, challengeId), inArray(challenges.status, [CHALLENGE_STATUS.matchReported, CHALLENGE_STATUS.accepted])));
}

/**
 * Settles a pending match as confirmed or disputed, exactly once: only while it is pending and,
 * when a team acts, only if that team played it and did not report it. Returns the updated match,
 * or undefined when it was not (already settled, gone, or not this team's to answer).
 */
export async function claimPendingMatch(
  deps: TxDeps<"db">,
  input: { matchId: number; status: ConfirmationStatus; actingTeamId?: number; now: Date },
): Promise<Match | undefined> {
  const { actingTeamId } = input;
  const [claimed] = await deps.db
    .update(matches)
    .set({ confirmationStatus: input.status, updatedAt: input.now })
    .where(
      and(
        eq(matches.id, input.matchId),
        eq(matches.confirmationStatus, CONFIRMATION_STATUS.pending),
        actingTeamId !== undefined
          ? and(
              or(eq(matches.team1Id, actingTeamId), eq(matches.team2Id, actingTeamId)),
              or(isNull(matches.reportedByTeamId), ne(matches.reportedByTeamId, actingTeamId)),
            )
          : undefined,
      ),
    )
    .returning();
  return claimed;
}

export interface ConfirmMatchOptions {
  db: DbOrTx;
  matchId: number;
  /** The approving user (in-app approval); null for the token link and the sweep. */
  approvedBy: number | null;
  via: ConfirmVia;
  /** In-app approval: the approver's team, which must be the opponent of the reporting team. */
  actingTeamId?: number;
  /** The sweep skips matches whose teams are busy in another transaction instead of waiting. */
  lockMode?: "wait" | "skip";
  logger?: Logger;
  /** APP_URL, for the links of the mail that tells the teams (docs/product.md, "Events and notifications"). */
  appUrl: string;
}

/** A confirmed match, and its view as committed (read in the confirmation's transaction, for the mail). */
export interface ConfirmedMatch {
  match: Match;
  view: MatchView;
}

/**
 * Confirms a pending match exactly once. Throws 404 'Match Not Found', 409 'Match Already {status}',
 * 403 for the reporter's own team. Returns null only in lockMode "skip" when the match was busy
 * (or already settled): waiting, it confirms or throws.
 */
export function confirmMatch(opts: ConfirmMatchOptions & { lockMode?: "wait" }): Promise<ConfirmedMatch>;
export function confirmMatch(opts: ConfirmMatchOptions & { lockMode: "skip" }): Promise<ConfirmedMatch | null>;
export async function confirmMatch(opts: ConfirmMatchOptions): Promise<ConfirmedMatch | null> {
  const result = await opts.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        team1Id: matches.team1Id,
        team2Id: matches.team2Id,
        reportedByTeamId: matches.reportedByTeamId,
        confirmationStatus: matches.confirmationStatus,
      })
      .from(matches)
      .where(eq(matches.id, opts.matchId))
      .limit(1);
    if (!current) throw matchNotFound();
    if (opts.actingTeamId !== undefined) {
      if (current.team1Id !== opts.actingTeamId && current.team2Id !== opts.actingTeamId) throw matchNotFound();
      if (current.reportedByTeamId === opts.actingTeamId)
        throw forbidden("The team that reported the match cannot approve it; the other team confirms it.", {
          title: "Failed to Approve Match",
          code: "reporter_team",
        });
    }
    if (current.confirmationStatus !== CONFIRMATION_STATUS.pending) {
      if (opts.lockMode === "skip") return null;
      throw settledRefusal(current.confirmationStatus, opts.actingTeamId);
    }

    const lockMode = opts.lockMode ?? "wait";
    const locked = await lockTeams(tx, [current.team1Id, current.team2Id], lockMode);
    if (!locked) return null;
    if (lockMode === "skip") {
      // A dispute in flight holds the match row: leave it to that transaction.
      const [free] = await tx
        .select({ id: matches.id })
        .from(matches)
        .where(and(eq(matches.id, opts.matchId), eq(matches.confirmationStatus, CONFIRMATION_STATUS.pending)))
        .for("update", { skipLocked: true });
      if (!free) return null;
    }

    const now = new Date();
    const claimed = await claimPendingMatch(
      { db: tx },
      { matchId: opts.matchId, status: CONFIRMATION_STATUS.confirmed, actingTeamId: opts.actingTeamId, now },
    );
    if (!claimed) {
      if (lockMode === "skip") return null;
      const [now2] = await tx
        .select({ status: matches.confirmationStatus })
        .from(matches)
        .where(eq(matches.id, opts.matchId))
        .limit(1);
      throw now2 ? settledRefusal(now2.status, opts.actingTeamId) : matchNotFound();
    }
    const applied = await applyApprovedResult({ tx, match: claimed, approvedBy: opts.approvedBy, now, lockedTeams: locked });
    // The match row was written in this transaction: its view is there.
    const view = (await loadMatchView(tx, applied.id))!;
    await tellConfirmed(tx, { match: applied, view }, opts);
    return { match: applied, view };
  });
  if (result && opts.logger) {
    const m = result.match;
    opts.logger.info(
      {
        event: "match.confirmed",
        matchId: m.id,
        via: opts.via,
        approvedBy: opts.approvedBy,
        team1: { id: m.team1Id, prev: m.team1PrevRating, next: m.team1NewRating },
        team2: { id: m.team2Id, prev: m.team2PrevRating, next: m.team2NewRating },
      },
      "match confirmed",
    );
  }
  return result;
}

/**
 * In the confirmation's transaction: a result the opponent confirmed (in the app or by the emailed
 * link) tells the reporting team; an auto-confirmed one (the sweep) tells both teams, since neither
 * acted. A result without a reporting team (entered for both) tells both.
 */
async function tellConfirmed(tx: DbOrTx, { match, view }: ConfirmedMatch, opts: Pick<ConfirmMatchOptions, "via" | "appUrl">): Promise<void> {
  const auto = opts.via === "sweep";
  const teamIds = !auto && match.reportedByTeamId !== null ? [match.reportedByTeamId] : [match.team1Id, match.team2Id];
  const told = await teamRecipients(tx, teamIds);
  await tell(tx, {
    type: auto ? "result.auto_confirmed" : "result.confirmed",
    userIds: told.userIds,
    link: "/history",
    mail: resultConfirmedMail({ to: told.emails, appUrl: opts.appUrl, match: view, auto }),
  });
}

/** The match a confirmation token belongs to, used or not (GET views show 'Match Already ...'). */
export async function matchIdForToken(db: DbOrTx, token: string): Promise<number | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .select({ matchId: authTokens.matchId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, "match_confirmation"),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.matchId ?? undefined;
}
