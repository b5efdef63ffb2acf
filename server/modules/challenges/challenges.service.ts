// Challenges (SPEC §2 Challenge Teams / My Challenges, §4, §5; DECISIONS: Challenges).
// Every refusal is an AppError with the spec's title and message. Ownership and state are checked in
// the statements themselves (conditional UPDATE ... RETURNING), so races and forged ids are safe; the
// database's partial unique index keeps one pending-or-accepted challenge per pair of teams.
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { challenges, teams, users, type Challenge } from "@shared/schema";
import {
  ACTIVE_CHALLENGE_STATUSES,
  SURFACE_LABELS,
  type ChallengeStatus,
  type CompetitionType,
  type Surface,
} from "@shared/constants";
import { surfaceFromLocation } from "@shared/places";
import { meanSurfaceRating, winProbabilityPercent } from "@shared/rating";
import {
  CHALLENGE_ERRORS,
  outOfReachMessage,
  withinReach,
  type CandidatesQuery,
  type ChallengeListQuery,
  type ChallengeUpdateStatus,
  type CreateChallengeInput,
} from "@shared/validators/challenges";
import type {
  ChallengeCandidate,
  ChallengeCandidatesPage,
  ChallengeMemberView,
  ChallengeView,
  ChallengesPage,
} from "@shared/types/challenges";
import type { Db, DbOrTx } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { AppError } from "../../lib/app-error";
import { activeApprovedTeams, getSurfaceLadder, playedOnSurface, surfaceColumns, surfaceOrder } from "../ladder/ladder.service";

/** Who is acting: the signed-in user (the route guards have checked role and approval). */
export interface Actor {
  id: number;
  teamId: number | null;
  isCaptain: boolean;
}

interface MailDeps {
  mailer: Mailer;
  appUrl: string;
}

/** Texts shared by the refusals of POST /api/challenges and the reasons on /challenge-teams rows. */
export const CHALLENGE_REASONS = {
  noTeam: "You need a team to challenge other teams.",
  ownNotApproved: "Your team is awaiting approval and cannot send challenges yet.",
  ownSuspended: "A member of your team is suspended: your team cannot send challenges.",
  awaitingApproval: "This team is awaiting approval",
  suspended: "This team is suspended",
  active: "Already an active challenge with this team",
  otherCategory: (mine: CompetitionType) => `Different category: your team plays ${mine}`,
} as const;

const MESSAGES = {
  ownTeam: { title: "Invalid Challenge", message: "You cannot challenge your own team." },
  teamNotFound: { title: "Team Not Found", message: "That team does not exist or is no longer active." },
  categoryMine: (mine: CompetitionType) => ({
    title: "Competition Category Mismatch",
    message: `Your team plays ${mine}: you can only challenge teams in that category.`,
  }),
  categoryTheirs: (mine: CompetitionType) => ({
    title: "Competition Category Mismatch",
    message: `Teams can only challenge teams in their own competition category (${mine}).`,
  }),
  challengeNotFound: "Challenge not found.",
} as const;

const titled = (status: number, e: { title: string; message: string }, code?: string) =>
  new AppError(status, e.message, { title: e.title, ...(code ? { code } : {}) });

// ---------------------------------------------------------------------------------------------
// Creating a challenge
// ---------------------------------------------------------------------------------------------

interface TeamState {
  id: number;
  name: string;
  isApproved: boolean;
  deletedAt: Date | null;
  competitionType: CompetitionType;
  suspended: boolean;
}

/** Both teams in one query, each with whether any member is suspended. */
async function loadTeamStates(db: DbOrTx, ids: number[]): Promise<Map<number, TeamState>> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      isApproved: teams.isApproved,
      deletedAt: teams.deletedAt,
      competitionType: teams.competitionType,
      // Written out: in a one-table select drizzle leaves column names unqualified.
      suspended: sql<boolean>`exists (select 1 from users u where u.team_id = "teams"."id" and u.is_suspended)`,
    })
    .from(teams)
    .where(inArray(teams.id, ids));
  return new Map(rows.map((r) => [r.id, { ...r, suspended: Boolean(r.suspended) }]));
}

const activePair = (a: number, b: number): SQL =>
  and(
    inArray(challenges.status, [...ACTIVE_CHALLENGE_STATUSES]),
    or(
      and(eq(challenges.challengerTeamId, a), eq(challenges.challengedTeamId, b)),
      and(eq(challenges.challengerTeamId, b), eq(challenges.challengedTeamId, a)),
    ),
  )!;

/** True when err is the violation of the one-active-challenge-per-pair index. */
function isActivePairViolation(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    const e = cur as { code?: unknown; constraint?: unknown; message?: unknown };
    if (e.code === "23505") {
      return e.constraint === "challenges_active_pair_uq" || String(e.message ?? "").includes("challenges_active_pair_uq");
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

export async function createChallenge(options: {
  db: Db;
  actor: Actor;
  input: CreateChallengeInput;
  mail: MailDeps;
}): Promise<Challenge> {
  const { db, actor, input } = options;
  if (!actor.teamId) throw new AppError(403, CHALLENGE_REASONS.noTeam, { title: "Team Required", code: "no_team" });
  const myTeamId = actor.teamId;
  if (input.challengedTeamId === myTeamId) throw titled(400, MESSAGES.ownTeam);
  // The schema has checked that the location names a surface.
  const surface = surfaceFromLocation(input.location)!;

  const states = await loadTeamStates(db, [myTeamId, input.challengedTeamId]);
  const mine = states.get(myTeamId);
  const theirs = states.get(input.challengedTeamId);
  if (!mine || mine.deletedAt) throw new AppError(403, CHALLENGE_REASONS.noTeam, { title: "Team Required", code: "no_team" });
  if (!mine.isApproved) throw new AppError(403, CHALLENGE_REASONS.ownNotApproved, { title: "Approval Pending", code: "pending_approval" });
  if (mine.suspended) throw new AppError(403, CHALLENGE_REASONS.ownSuspended, { title: "Team Suspended", code: "suspended" });
  if (!theirs || theirs.deletedAt) throw titled(404, MESSAGES.teamNotFound);
  if (input.competitionType !== mine.competitionType) throw titled(400, MESSAGES.categoryMine(mine.competitionType));
  if (theirs.competitionType !== mine.competitionType) throw titled(400, MESSAGES.categoryTheirs(mine.competitionType));
  if (!theirs.isApproved)
    throw new AppError(400, `${CHALLENGE_REASONS.awaitingApproval} and cannot be challenged yet.`, { title: "Team Not Available" });
  if (theirs.suspended) throw new AppError(400, `${CHALLENGE_REASONS.suspended} and cannot be challenged.`, { title: "Team Not Available" });

  const [existing] = await db.select({ id: challenges.id }).from(challenges).where(activePair(myTeamId, theirs.id)).limit(1);
  if (existing) throw titled(409, CHALLENGE_ERRORS.active, "challenge_active");

  // Reach on the chosen surface's ladder of the category; unranked = one place below the last.
  const ladder = await getSurfaceLadder({ db, surface, competitionType: mine.competitionType });
  const rankOf = (teamId: number) => ladder.find((r) => r.teamId === teamId)?.rank ?? null;
  const myRank = rankOf(myTeamId);
  const theirRank = rankOf(theirs.id);
  const unrankedPosition = ladder.length + 1;
  if (!withinReach(myRank ?? unrankedPosition, theirRank ?? unrankedPosition)) {
    throw new AppError(400, outOfReachMessage({ myRank, theirRank, ladderSize: ladder.length }), {
      title: "Out of Reach",
      code: "out_of_reach",
    });
  }

  let created: Challenge | undefined;
  try {
    [created] = await db
      .insert(challenges)
      .values({
        challengerTeamId: myTeamId,
        challengedTeamId: theirs.id,
        createdBy: actor.id,
        status: "pending",
        location: input.location,
        surface,
        competitionType: mine.competitionType,
        notes: input.notes,
        proposedDateTime: input.proposedDateTime,
      })
      .returning();
  } catch (err) {
    // Two captains (or two tabs) racing: the index lets exactly one through.
    if (isActivePairViolation(err)) throw titled(409, CHALLENGE_ERRORS.active, "challenge_active");
    throw err;
  }
  const challenge = created!;

  notifyTeam(db, options.mail, theirs.id, {
    subject: `New challenge from ${mine.name}`,
    text: [
      `${mine.name} has challenged your team ${theirs.name} to a ${SURFACE_LABELS[surface].toLowerCase()} ladder match (${mine.competitionType}).`,
      `When: ${formatWhen(challenge.proposedDateTime)}\nWhere: ${challenge.location}\nContact: ${challenge.notes ?? ""}`,
      `Your captain can accept or decline the challenge here: ${options.mail.appUrl}/challenges`,
    ].join("\n\n"),
  });
  return challenge;
}

// ---------------------------------------------------------------------------------------------
// Accept, decline, cancel
// ---------------------------------------------------------------------------------------------

const STATUS_LABEL: Record<ChallengeStatus, string> = {
  pending: "pending",
  accepted: "accepted",
  declined: "declined",
  canceled: "canceled",
  match_reported: "waiting for approval of the reported result",
  completed: "completed",
};

/**
 * accepted / declined: the challenged team's captain, from pending.
 * canceled: the challenger's captain, from pending or accepted (plans change before the match is
 * played; once a result is reported the match's confirmation or dispute decides instead).
 */
export async function updateChallengeStatus(options: {
  db: Db;
  actor: Actor;
  challengeId: number;
  status: ChallengeUpdateStatus;
  mail: MailDeps;
}): Promise<Challenge> {
  const { db, actor, challengeId, status } = options;
  if (!actor.teamId) throw new AppError(404, MESSAGES.challengeNotFound);
  const teamId = actor.teamId;
  const isCancel = status === "canceled";
  const fromStatuses: ChallengeStatus[] = isCancel ? ["pending", "accepted"] : ["pending"];

  const [updated] = await db
    .update(challenges)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(challenges.id, challengeId),
        isCancel ? eq(challenges.challengerTeamId, teamId) : eq(challenges.challengedTeamId, teamId),
        inArray(challenges.status, fromStatuses),
      ),
    )
    .returning();

  if (!updated) {
    // Nothing changed: say why, reading the row as it is now.
    const [row] = await db
      .select({ challengerTeamId: challenges.challengerTeamId, challengedTeamId: challenges.challengedTeamId, status: challenges.status })
      .from(challenges)
      .where(eq(challenges.id, challengeId))
      .limit(1);
    if (!row || (row.challengerTeamId !== teamId && row.challengedTeamId !== teamId))
      throw new AppError(404, MESSAGES.challengeNotFound);
    if (isCancel && row.challengerTeamId !== teamId)
      throw new AppError(403, "Only the captain of the team that sent this challenge can cancel it. You can decline it instead.", {
        title: "Not Allowed",
      });
    if (!isCancel && row.challengedTeamId !== teamId)
      throw new AppError(403, "Only the captain of the challenged team can accept or decline this challenge.", { title: "Not Allowed" });
    const verb = status === "accepted" ? "accepted" : status === "declined" ? "declined" : "canceled";
    throw new AppError(409, `This challenge is ${STATUS_LABEL[row.status]} and can no longer be ${verb}.`, {
      title: "Challenge Not Available",
      code: "wrong_state",
    });
  }

  const otherTeamId = isCancel ? updated.challengedTeamId : updated.challengerTeamId;
  const names = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(inArray(teams.id, [updated.challengerTeamId, updated.challengedTeamId]));
  const nameOf = (id: number) => names.find((n) => n.id === id)?.name ?? "A team";
  const actingTeam = nameOf(teamId);
  const when = `When: ${formatWhen(updated.proposedDateTime)}\nWhere: ${updated.location}`;
  const link = `${options.mail.appUrl}/challenges`;
  const mail =
    status === "accepted"
      ? {
          subject: `${actingTeam} accepted your challenge`,
          text: `${actingTeam} accepted your challenge.\n\n${when}\nTheir contact: see the challenge's notes in the app.\n\nAfter the match, a captain reports the result here: ${link}`,
        }
      : status === "declined"
        ? {
            subject: `${actingTeam} declined your challenge`,
            text: `${actingTeam} declined your challenge.\n\n${when}\n\nYou can challenge another team here: ${options.mail.appUrl}/challenge-teams`,
          }
        : {
            subject: `${actingTeam} canceled their challenge`,
            text: `${actingTeam} canceled the challenge they sent your team.\n\n${when}\n\nYour challenges: ${link}`,
          };
  notifyTeam(db, options.mail, otherTeamId, mail);
  return updated;
}

// ---------------------------------------------------------------------------------------------
// Reads: incoming / outgoing
// ---------------------------------------------------------------------------------------------

const OPEN_STATUSES: ChallengeStatus[] = ["pending", "accepted", "match_reported"];

interface ChallengeListRow extends Record<string, unknown> {
  id: number;
  challenger_team_id: number;
  challenged_team_id: number;
  status: ChallengeStatus;
  location: string;
  surface: Surface;
  competition_type: CompetitionType;
  notes: string | null;
  proposed_date_time: Date | string | null;
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
  match_id: number | null;
  total: number;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function parseMembers(value: unknown): ChallengeMemberView[] {
  const list: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.map((m: { id: number; name: string; isCaptain: boolean }) => ({
    id: Number(m.id),
    name: String(m.name),
    isCaptain: Boolean(m.isCaptain),
  }));
}

/** Members of a team as one JSON list, captain first (a correlated subquery: no N+1). */
const membersOf = (teamIdSql: SQL) =>
  sql`coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name, 'isCaptain', u.is_captain) order by u.is_captain desc, u.id)
      from users u where u.team_id = ${teamIdSql}), '[]'::json)`;

export async function listChallenges(options: {
  db: DbOrTx;
  teamId: number | null;
  direction: "incoming" | "outgoing";
  query: ChallengeListQuery;
}): Promise<ChallengesPage> {
  const { db, teamId, direction, query } = options;
  const empty: ChallengesPage = { items: [], page: query.page, pageSize: query.limit, total: 0, totalPages: 0 };
  if (!teamId) return empty;
  const ownColumn = direction === "incoming" ? sql`c.challenged_team_id` : sql`c.challenger_team_id`;
  const otherColumn = direction === "incoming" ? sql`c.challenger_team_id` : sql`c.challenged_team_id`;
  const statusFilter =
    query.status === "all" ? sql`true` : sql`c.status in (${sql.join(OPEN_STATUSES.map((s) => sql`${s}`), sql`, `)})`;
  const offset = (query.page - 1) * query.limit;
  const result = await db.execute<ChallengeListRow>(sql`
    select c.id, c.challenger_team_id, c.challenged_team_id, c.status, c.location, c.surface, c.competition_type,
           c.notes, c.proposed_date_time, c.created_at, c.updated_at,
           o.id as other_id, o.name as other_name, o.avatar as other_avatar, o.competition_type as other_competition_type,
           o.grass_rating, o.beach_rating, o.hardcourt_rating, o.wins, o.losses,
           ${membersOf(sql`o.id`)} as members,
           (select m.id from matches m where m.challenge_id = c.id order by m.id desc limit 1) as match_id,
           (count(*) over ())::int as total
    from challenges c
    join teams o on o.id = ${otherColumn}
    where ${ownColumn} = ${teamId} and ${statusFilter}
    order by c.created_at desc, c.id desc
    limit ${query.limit} offset ${offset}`);
  const rows = (result as unknown as { rows: ChallengeListRow[] }).rows;
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) {
    const counted = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from challenges c where ${ownColumn} = ${teamId} and ${statusFilter}`);
    total = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
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
    },
    status: r.status,
    location: r.location,
    surface: r.surface,
    competitionType: r.competition_type,
    notes: r.notes,
    proposedDateTime: iso(r.proposed_date_time),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    matchId: r.match_id === null ? null : Number(r.match_id),
  }));
  return { items, page: query.page, pageSize: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}

// ---------------------------------------------------------------------------------------------
// Reads: the /challenge-teams table
// ---------------------------------------------------------------------------------------------

interface CandidateRow extends Record<string, unknown> {
  id: number;
  name: string;
  avatar: string | null;
  competition_type: CompetitionType;
  is_approved: boolean;
  rating: number;
  wins: number;
  losses: number;
  rank: number | null;
  suspended: boolean;
  active_challenge: boolean;
  members: unknown;
  total: number;
}

interface MeRow extends Record<string, unknown> {
  id: number;
  competition_type: CompetitionType;
  is_approved: boolean;
  deleted_at: Date | string | null;
  rating: number;
  rank: number | null;
  ladder_size: number;
  suspended: boolean;
}

/**
 * The surface ladder ranks of every category (the ladder service's filter and order, partitioned by
 * category) as a CTE: the same ranks getSurfaceLadder gives per category. Without a surface the CTE
 * is empty (nobody is ranked until a surface is chosen).
 */
function rankedCte(surface: Surface | undefined, competitionType?: CompetitionType): SQL {
  if (!surface) return sql`ranked as (select null::int as team_id, null::text as competition_type, null::int as rank where false)`;
  return sql`ranked as (
    select ${teams.id} as team_id, ${teams.competitionType} as competition_type,
           (row_number() over (partition by ${teams.competitionType} order by ${sql.join(surfaceOrder(surface), sql`, `)}))::int as rank
    from ${teams}
    where ${and(activeApprovedTeams(competitionType), playedOnSurface(surface))}
  )`;
}

/** Rating and record columns: the chosen surface's, or (no surface yet) the card rating and overall record. */
function ratingColumns(surface: Surface | undefined): { rating: SQL; wins: SQL; losses: SQL } {
  if (!surface) {
    return {
      rating: sql`round((${teams.grassRating} + ${teams.beachRating} + ${teams.hardcourtRating}) / 3.0)::int`,
      wins: sql`${teams.wins}`,
      losses: sql`${teams.losses}`,
    };
  }
  const c = surfaceColumns(surface);
  return { rating: sql`${c.rating}`, wins: sql`${c.wins}`, losses: sql`${c.losses}` };
}

/**
 * The /challenge-teams table: active teams except the user's own (one category when given), with the
 * chosen surface's rating, record and rank, whether the user's team may challenge them now and why
 * not, and the win probability there. Two queries (the user's team, the page), no N+1.
 */
export async function listCandidates(options: {
  db: DbOrTx;
  teamId: number | null;
  query: CandidatesQuery;
}): Promise<ChallengeCandidatesPage> {
  const { db, teamId, query } = options;
  const { surface } = query;
  const col = ratingColumns(surface);

  let me: MeRow | undefined;
  if (teamId) {
    const res = await db.execute<MeRow>(sql`
      with ${rankedCte(surface)}
      select ${teams.id} as id, ${teams.competitionType} as competition_type, ${teams.isApproved} as is_approved,
             ${teams.deletedAt} as deleted_at, ${col.rating} as rating, r.rank,
             (select count(*)::int from ranked r2 where r2.competition_type = ${teams.competitionType}) as ladder_size,
             exists (select 1 from users u where u.team_id = ${teams.id} and u.is_suspended) as suspended
      from ${teams} left join ranked r on r.team_id = ${teams.id}
      where ${teams.id} = ${teamId}`);
    me = (res as unknown as { rows: MeRow[] }).rows[0];
    if (me?.deleted_at) me = undefined;
  }

  const where = and(
    isNull(teams.deletedAt),
    teamId ? sql`${teams.id} <> ${teamId}` : undefined,
    query.competitionType ? eq(teams.competitionType, query.competitionType) : undefined,
  );
  const offset = (query.page - 1) * query.limit;
  const res = await db.execute<CandidateRow>(sql`
    with ${rankedCte(surface, query.competitionType)}
    select ${teams.id} as id, ${teams.name} as name, ${teams.avatar} as avatar, ${teams.competitionType} as competition_type,
           ${teams.isApproved} as is_approved, ${col.rating} as rating, ${col.wins} as wins, ${col.losses} as losses,
           r.rank,
           exists (select 1 from users u where u.team_id = ${teams.id} and u.is_suspended) as suspended,
           ${
             teamId
               ? sql`exists (select 1 from challenges c
                   where least(c.challenger_team_id, c.challenged_team_id) = least(${teams.id}, ${teamId}::int)
                     and greatest(c.challenger_team_id, c.challenged_team_id) = greatest(${teams.id}, ${teamId}::int)
                     and c.status in ('pending', 'accepted'))`
               : sql`false`
           } as active_challenge,
           ${membersOf(sql`${teams.id}`)} as members,
           (count(*) over ())::int as total
    from ${teams} left join ranked r on r.team_id = ${teams.id}
    where ${where}
    order by (r.rank is null), r.rank, ${col.rating} desc, ${teams.name}, ${teams.id}
    limit ${query.limit} offset ${offset}`);
  const rows = (res as unknown as { rows: CandidateRow[] }).rows;

  const meRank = me?.rank === null || me?.rank === undefined ? null : Number(me.rank);
  const ladderSize = me ? Number(me.ladder_size) : 0;
  const items: ChallengeCandidate[] = rows.map((r) => {
    const rank = r.rank === null ? null : Number(r.rank);
    const rating = Number(r.rating);
    let reason: string | null = null;
    if (!me) reason = CHALLENGE_REASONS.noTeam;
    else if (!me.is_approved) reason = CHALLENGE_REASONS.ownNotApproved;
    else if (me.suspended) reason = CHALLENGE_REASONS.ownSuspended;
    else if (r.competition_type !== me.competition_type) reason = CHALLENGE_REASONS.otherCategory(me.competition_type);
    else if (!r.is_approved) reason = CHALLENGE_REASONS.awaitingApproval;
    else if (r.suspended) reason = CHALLENGE_REASONS.suspended;
    else if (r.active_challenge) reason = CHALLENGE_REASONS.active;
    else if (surface && !withinReach(meRank ?? ladderSize + 1, rank ?? ladderSize + 1))
      reason = outOfReachMessage({ myRank: meRank, theirRank: rank, ladderSize });
    return {
      id: Number(r.id),
      name: r.name,
      avatar: r.avatar,
      competitionType: r.competition_type,
      members: parseMembers(r.members),
      rating,
      wins: Number(r.wins),
      losses: Number(r.losses),
      status: r.is_approved ? "Active" : "Pending",
      rank,
      reachable: reason === null,
      reason,
      winProbability: me ? winProbabilityPercent(Number(me.rating), rating) : null,
    };
  });
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) {
    const counted = await db.select({ n: sql<number>`count(*)::int` }).from(teams).where(where);
    total = Number(counted[0]?.n ?? 0);
  }
  return {
    items,
    page: query.page,
    pageSize: query.limit,
    total,
    totalPages: Math.ceil(total / query.limit),
    surface: surface ?? null,
    me: me ? { teamId: Number(me.id), rank: meRank, ladderSize, rating: Number(me.rating) } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar file
// ---------------------------------------------------------------------------------------------

export const MATCH_DURATION_MINUTES = 90;

/** The .ics of an accepted challenge, for members of either team. */
export async function challengeCalendar(options: {
  db: DbOrTx;
  teamId: number | null;
  challengeId: number;
  appUrl: string;
  now?: Date;
}): Promise<{ filename: string; body: string }> {
  const { db, teamId, challengeId } = options;
  if (!teamId) throw new AppError(404, MESSAGES.challengeNotFound);
  const res = await db.execute<{
    id: number;
    status: ChallengeStatus;
    location: string;
    notes: string | null;
    proposed_date_time: Date | string | null;
    updated_at: Date | string;
    challenger_name: string;
    challenged_name: string;
  }>(sql`
    select c.id, c.status, c.location, c.notes, c.proposed_date_time, c.updated_at,
           a.name as challenger_name, b.name as challenged_name
    from challenges c
    join teams a on a.id = c.challenger_team_id
    join teams b on b.id = c.challenged_team_id
    where c.id = ${challengeId} and (c.challenger_team_id = ${teamId} or c.challenged_team_id = ${teamId})`);
  const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0] as
    | { id: number; status: ChallengeStatus; location: string; notes: string | null; proposed_date_time: Date | string | null; challenger_name: string; challenged_name: string }
    | undefined;
  if (!row) throw new AppError(404, MESSAGES.challengeNotFound);
  if (row.status !== "accepted")
    throw new AppError(409, "Only accepted challenges can be added to a calendar.", { title: "Not Accepted Yet", code: "wrong_state" });
  if (!row.proposed_date_time)
    throw new AppError(409, "This challenge has no date and time to add to a calendar.", { code: "wrong_state" });
  const start = new Date(row.proposed_date_time);
  const end = new Date(start.getTime() + MATCH_DURATION_MINUTES * 60_000);
  const host = new URL(options.appUrl).hostname || "doubles-ladder";
  const summary = `Ladder challenge: ${row.challenger_name} vs ${row.challenged_name}`;
  const description = `Contact: ${row.notes ?? ""}\n\nYour challenges: ${options.appUrl}/challenges`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//doubles-ladder//Challenges//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:challenge-${row.id}@${host}`,
    `DTSTAMP:${icsDate(options.now ?? new Date())}`,
    `DTSTART:${icsDate(start)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${icsText(summary)}`,
    `LOCATION:${icsText(row.location)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${options.appUrl}/challenges`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return { filename: `challenge-${row.id}.ics`, body: lines.map(foldLine).join("\r\n") + "\r\n" };
}

/** 20260614T173000Z */
export function icsDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets are folded (CRLF + one space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (currentBytes + size > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      limit = 74; // continuation lines start with a space
    }
    current += ch;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

// ---------------------------------------------------------------------------------------------
// Mail
// ---------------------------------------------------------------------------------------------

function formatWhen(d: Date | null): string {
  if (!d) return "not set";
  return `${d.toUTCString().replace(/:00 GMT$/, " UTC").replace(/ GMT$/, " UTC")}`;
}

/** Emails every member of a team; never fails the action (the mailer logs its own failures). */
function notifyTeam(db: DbOrTx, mail: MailDeps, teamId: number, message: { subject: string; text: string }): void {
  void db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.teamId, teamId))
    .then((rows) => mail.mailer.send({ to: rows.map((r) => r.email).filter(Boolean), subject: message.subject, text: message.text }))
    .catch(() => undefined);
}
