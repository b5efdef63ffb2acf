// The challenge lists: incoming / outgoing (My Challenges) and the /challenge-teams table.
import { inArray, sql } from "drizzle-orm";
import { sqlLiterals, teams, type Challenge } from "@shared/schema";
import {
  CHALLENGE_STATUS,
  OPEN_CHALLENGE_STATUSES,
  SLOT_STATUS,
  PAST_CHALLENGE_STATUSES,
  type ChallengeStatus,
  type CompetitionType,
  type ConfirmationStatus,
  type Surface,
} from "@shared/constants";
import { isProvisional, meanSurfaceRating, pointsAtStake, ratingStateOf, winProbabilityPercent, type RatingState } from "@shared/rating";
import type { CandidatesQuery, ChallengeListQuery } from "@shared/validators/challenges";
import type {
  ChallengeCandidate,
  ChallengeCandidatesPage,
  ChallengeRecord,
  ChallengeSlotView,
  ChallengeView,
  ChallengesPage,
} from "@shared/types/challenges";
import type { OutsideTxDeps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { challengeRefusal, loadChallengeSides, membersOf, needsWildcard, parseMembers } from "./challenges.eligibility";
import { offsetOf, pageOf } from "../../lib/paging";
import { activityAt, awayUntil, currentLadderRanks, loadRatingSettings } from "../ladder";
import { notFound } from "../../lib/app-error";
import type { ResponseRecord } from "@shared/types/clock";
import { rowsOf } from "../../db/client";

interface ChallengeListRow extends Record<string, unknown> {
  id: number;
  challenger_team_id: number;
  challenged_team_id: number;
  status: ChallengeStatus;
  location: string;
  surface: Surface;
  competition_type: CompetitionType;
  notes: string | null;
  response_note: string | null;
  proposed_date_time: Date | string | null;
  accept_by: Date | string | null;
  play_by: Date | string | null;
  answered_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  other_id: number;
  other_name: string;
  other_avatar: string | null;
  other_competition_type: CompetitionType;
  grass_rating: number;
  beach_rating: number;
  hardcourt_rating: number;
  wins: number;
  losses: number;
  members: unknown;
  suspended: boolean;
  other_away_until: string | null;
  match_id: number | null;
  match_confirmation: ConfirmationStatus | null;
  match_reported_by_team_id: number | null;
  awaiting_team_id: number | null;
  open_slots: unknown;
  own_members: unknown;
  total: number;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** What the changes of a challenge answer (POST / PATCH / DELETE, its proposed times): the row's public columns. */
export function challengeRecordOf(c: Challenge): ChallengeRecord {
  return {
    id: c.id,
    challengerTeamId: c.challengerTeamId,
    challengedTeamId: c.challengedTeamId,
    createdBy: c.createdBy,
    status: c.status,
    location: c.location,
    surface: c.surface,
    competitionType: c.competitionType,
    notes: c.notes,
    responseNote: c.responseNote,
    proposedDateTime: iso(c.proposedDateTime),
    acceptBy: iso(c.acceptBy),
    playBy: iso(c.playBy),
    answeredAt: iso(c.answeredAt),
    awaitingTeamId: c.awaitingTeamId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The open slots' JSON (a string on some drivers) as views. */
function parseSlots(raw: unknown): ChallengeSlotView[] {
  const list = (typeof raw === "string" ? JSON.parse(raw) : raw) as (Omit<ChallengeSlotView, "startsAt"> & { startsAt: string })[] | null;
  return (list ?? []).map((s) => ({
    id: Number(s.id),
    startsAt: new Date(s.startsAt).toISOString(),
    location: s.location,
    proposedByTeamId: Number(s.proposedByTeamId),
    round: Number(s.round),
    answers: s.answers.map((a) => ({ userId: Number(a.userId), name: a.name, teamId: Number(a.teamId), canPlay: Boolean(a.canPlay) })),
  }));
}

/** The team's challenges received (incoming) or sent (outgoing), newest first; open ones unless status=all. */
export async function listChallenges(
  deps: TxDeps<"db" | "env" | "clock">,
  input: ChallengeListQuery & { direction: "incoming" | "outgoing"; actor: Pick<Actor, "teamId"> },
): Promise<ChallengesPage> {
  const { db } = deps;
  const { direction, ...query } = input;
  const { teamId } = input.actor;
  if (!teamId) return pageOf([], 0, query);
  const ownColumn = direction === "incoming" ? sql`c.challenged_team_id` : sql`c.challenger_team_id`;
  const otherColumn = direction === "incoming" ? sql`c.challenger_team_id` : sql`c.challenged_team_id`;
  const statusFilter =
    query.status === "all"
      ? sql`true`
      : sql`c.status in (${sqlLiterals(query.status === "past" ? PAST_CHALLENGE_STATUSES : OPEN_CHALLENGE_STATUSES)})`;
  const offset = offsetOf(query);
  const result = await db.execute<ChallengeListRow>(sql`
    select c.id, c.challenger_team_id, c.challenged_team_id, c.status, c.location, c.surface, c.competition_type,
           c.notes, c.response_note, c.proposed_date_time, c.accept_by, c.play_by, c.answered_at, c.created_at, c.updated_at,
           o.id as other_id, o.name as other_name, o.avatar as other_avatar, o.competition_type as other_competition_type,
           o.grass_rating, o.beach_rating, o.hardcourt_rating, o.wins, o.losses,
           ${membersOf(sql`o.id`)} as members,
           exists (select 1 from users su where su.team_id = o.id and su.is_suspended) as suspended,
           ${awayUntil("o", activityAt(deps))}::text as other_away_until,
           lm.id as match_id, lm.confirmation_status as match_confirmation, lm.reported_by_team_id as match_reported_by_team_id,
           c.awaiting_team_id, ${membersOf(sql`${teamId}`)} as own_members,
           (select coalesce(json_agg(json_build_object(
                'id', s.id, 'startsAt', s.starts_at, 'location', s.location, 'proposedByTeamId', s.proposed_by_team_id, 'round', s.round,
                'answers', (select coalesce(json_agg(json_build_object('userId', a.user_id, 'name', u.name, 'teamId', u.team_id, 'canPlay', a.can_play) order by u.name, u.id), '[]'::json)
                            from challenge_slot_answers a join users u on u.id = a.user_id where a.slot_id = s.id)
              ) order by s.starts_at), '[]'::json)
            from challenge_slots s where s.challenge_id = c.id and s.status = ${SLOT_STATUS.open}) as open_slots,
           (count(*) over ())::int as total
    from challenges c
    join teams o on o.id = ${otherColumn}
    left join lateral (select m.id, m.confirmation_status, m.reported_by_team_id from matches m where m.challenge_id = c.id order by m.id desc limit 1) lm on true
    where ${ownColumn} = ${teamId} and ${statusFilter}
    order by c.created_at desc, c.id desc
    limit ${query.limit} offset ${offset}`);
  const rows = rowsOf<ChallengeListRow>(result);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) {
    const counted = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from challenges c where ${ownColumn} = ${teamId} and ${statusFilter}`);
    total = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  }
  const items: ChallengeView[] = rows.map((r) => ({
    id: Number(r.id),
    direction,
    challengerTeamId: Number(r.challenger_team_id),
    challengedTeamId: Number(r.challenged_team_id),
    opponent: {
      id: Number(r.other_id),
      name: r.other_name,
      avatar: r.other_avatar,
      competitionType: r.other_competition_type,
      members: parseMembers(r.members),
      grassRating: Number(r.grass_rating),
      beachRating: Number(r.beach_rating),
      hardcourtRating: Number(r.hardcourt_rating),
      meanRating: meanSurfaceRating({
        grassRating: Number(r.grass_rating),
        beachRating: Number(r.beach_rating),
        hardcourtRating: Number(r.hardcourt_rating),
      }),
      wins: Number(r.wins),
      losses: Number(r.losses),
      suspended: Boolean(r.suspended),
      awayUntil: r.other_away_until ?? null,
    },
    status: r.status,
    location: r.location,
    surface: r.surface,
    competitionType: r.competition_type,
    notes: r.notes,
    responseNote: r.response_note,
    proposedDateTime: iso(r.proposed_date_time),
    acceptBy: iso(r.accept_by),
    playBy: iso(r.play_by),
    answeredAt: iso(r.answered_at),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    matchId: r.match_id === null ? null : Number(r.match_id),
    matchConfirmationStatus: r.match_confirmation,
    matchReportedByMe: r.match_reported_by_team_id !== null && Number(r.match_reported_by_team_id) === teamId,
    awaitingTeamId: r.awaiting_team_id === null ? null : Number(r.awaiting_team_id),
    slots: parseSlots(r.open_slots),
    ownMembers: parseMembers(r.own_members),
  }));
  return pageOf(items, total, query);
}

/**
 * The /challenge-teams table: active teams except the user's own (one category when given), with the
 * chosen surface's rating, record and rank, whether the user may challenge them now and why not
 * (the same rule POST /api/challenges applies), and the win probability there. One query.
 */
export async function listCandidates(
  deps: OutsideTxDeps<"db" | "env" | "clock">,
  query: CandidatesQuery & { actor: Pick<Actor, "teamId" | "isCaptain"> },
): Promise<ChallengeCandidatesPage> {
  const { db } = deps;
  const { surface } = query;
  const { challenger: me, opponents, total } = await loadChallengeSides({
    db,
    teamId: query.actor.teamId,
    isCaptain: query.actor.isCaptain,
    surface,
    opponents: { competitionType: query.competitionType, page: query.page, limit: query.limit },
    // Ranks are the stored ones (refreshed first when stored for another club day).
    at: await currentLadderRanks(deps),
  });
  const stakes = await atStakeOf(deps, { surface, challengerId: me?.teamId ?? null, opponentIds: opponents.map((o) => o.id) });
  const items: ChallengeCandidate[] = opponents.map((them) => {
    const refusal = challengeRefusal({ challenger: me, opponent: them, surface, category: query.competitionType, timeZone: deps.env.CLUB_TIMEZONE });
    return {
      id: them.id,
      name: them.name,
      avatar: them.avatar,
      competitionType: them.competitionType,
      members: them.members,
      rating: them.rating,
      wins: them.wins,
      losses: them.losses,
      status: them.suspended ? "Suspended" : them.isApproved ? "Active" : "Pending",
      rank: them.rank,
      inactive: them.inactive,
      awayUntil: them.awayUntil,
      reachable: refusal === null,
      wildcard: refusal === null && me !== null && needsWildcard(me, them, surface),
      reason: refusal?.reason ?? null,
      reasonCode: refusal?.code ?? null,
      winProbability: me ? winProbabilityPercent(me.rating, them.rating) : null,
      provisional: isProvisional(them.wins + them.losses),
      atStake: stakes.get(them.id) ?? null,
    };
  });
  return {
    ...pageOf(items, total, query),
    surface: surface ?? null,
    me: me ? { teamId: me.teamId, rank: me.rank, ladderSize: me.ladderSize, rating: me.rating, wildcardsLeft: me.wildcards?.left ?? null } : null,
  };
}

/**
 * The points at stake against each opponent of the page (docs/product.md, "At stake"): the engine's
 * applyMatch on both teams' rating states with the model in force. Two queries for the whole page
 * (the model's row and the teams' rows), none per row; empty without a surface or a team.
 */
async function atStakeOf(
  deps: TxDeps<"db">,
  input: { surface: Surface | undefined; challengerId: number | null; opponentIds: number[] },
): Promise<Map<number, { win: number; loss: number }>> {
  const { surface, challengerId } = input;
  const stakes = new Map<number, { win: number; loss: number }>();
  if (!surface || challengerId === null || input.opponentIds.length === 0) return stakes;
  const [settings, rows] = await Promise.all([
    loadRatingSettings(deps.db),
    deps.db.select().from(teams).where(inArray(teams.id, [challengerId, ...input.opponentIds])),
  ]);
  const states = new Map<number, RatingState>(rows.map((r) => [r.id, ratingStateOf(r)]));
  const mine = states.get(challengerId);
  if (!mine) return stakes;
  for (const id of input.opponentIds) {
    const theirs = states.get(id);
    if (theirs) stakes.set(id, pointsAtStake(mine, theirs, surface, settings));
  }
  return stakes;
}

/**
 * A team's response record (docs/product.md, "The challenge clock"): challenges it received and
 * answered (accepted or declined) within the answer window, and those that expired unanswered.
 * Deleted teams: admins only, like the profile.
 */
export async function getResponseRecord(
  deps: TxDeps<"db">,
  input: { teamId: number; actor: Pick<Actor, "isAdmin"> },
): Promise<ResponseRecord> {
  const res = await deps.db.execute<{ found: boolean; answered: number; expired: number }>(sql`
    select exists (select 1 from teams t where t.id = ${input.teamId} ${input.actor.isAdmin ? sql`` : sql`and t.deleted_at is null`}) as found,
      (select count(*)::int from challenges c where c.challenged_team_id = ${input.teamId} and c.answered_at is not null) as answered,
      (select count(*)::int from challenges c where c.challenged_team_id = ${input.teamId}
         and c.status in (${sqlLiterals([CHALLENGE_STATUS.expired])}) and c.answered_at is null) as expired`);
  const row = rowsOf<{ found: boolean; answered: number; expired: number }>(res)[0];
  if (!row?.found) throw notFound("Team not found", { title: "Team Not Found" });
  return { answeredInTime: Number(row.answered), expiredUnanswered: Number(row.expired) };
}
