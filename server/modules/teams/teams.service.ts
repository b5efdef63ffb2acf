// Team reads (one query each, members aggregated, ranks read from the stored ladder ranks) and the captain's
// profile edit and soft delete. Ownership is checked inside the statements that write.
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { challenges, ladderRankRows, sqlLiterals, teams, users } from "@shared/schema";
import { ACTIVE_CHALLENGE_STATUSES, CHALLENGE_STATUS, MATCH_STATUS, type CompetitionType, type Surface } from "@shared/constants";
import { meanSurfaceRating } from "@shared/rating";
import type {
  DeleteTeamResult,
  HeadToHeadRow,
  RatingHistoryPoint,
  TeamMemberView,
  TeamView,
  TeamsPage,
  UserPublicView,
  UsersPage,
} from "@shared/types/teams";
import type { UpdateTeamData } from "@shared/validators/teams";
import { rowsOf, type DbOrTx } from "../../db/client";
import type { Deps, OutsideTxDeps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { tell } from "../notifications/notifications.service";
import { AppError, forbidden, notFound } from "../../lib/app-error";
import { awayUntil, isInactive, markLadderRanksChanged, readCurrentLadderRanks, storedRankOf } from "../ladder";
import { endSessionsOfUsers } from "../../auth/session";
import { offsetOf, pageOf } from "../../lib/paging";

/** Who is reading: decides emails and whether deleted teams are visible. */
export interface Viewer {
  userId: number;
  teamId: number | null;
  isAdmin: boolean;
}

const TEAM_NOT_FOUND = "Team not found";

type Row = Record<string, unknown>;
const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));
const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

interface ListOptions {
  viewer: Viewer;
  competitionType?: CompetitionType | undefined;
  surface?: Surface | undefined;
  includeDeleted?: boolean | undefined;
  teamId?: number;
  page?: number;
  limit?: number;
}

/**
 * The one team read: filters, overall rank, surface rank when a surface is asked for (within the
 * category when one is asked for, else across the club), members as JSON. Ranks are the ladder
 * module's stored ones (stored-ranks.ts, from the definition in ladder-order.ts).
 */
async function queryTeams(deps: OutsideTxDeps<"db" | "env" | "clock" | "logger">, input: ListOptions): Promise<{ items: TeamView[]; total: number }> {
  const { viewer } = input;
  const page = input.page ?? 1;
  const limit = input.limit ?? 200;
  const showDeleted = viewer.isAdmin && (input.includeDeleted === true || input.teamId !== undefined);

  const where: SQL[] = [];
  if (!showDeleted) where.push(sql`t.deleted_at is null`);
  if (input.competitionType) where.push(sql`t.competition_type = ${input.competitionType}`);
  if (input.teamId !== undefined) where.push(sql`t.id = ${input.teamId}`);

  const overallRank = storedRankOf({ ladder: "overall", within: "club", alias: "t" });
  let p: SQL;
  let pageOrder = sql`p.overall_rank asc nulls last, p.rating desc, p.id asc`;
  if (input.surface) {
    // A surface's ladder (only the teams on it: the ranked ones, then the inactive ones): a range of
    // the stored positions, over the club or within the category asked for; the total is the last
    // position (decision 038).
    const byCategory = input.competitionType !== undefined;
    const position = byCategory ? sql.raw("lr.category_position") : sql.raw("lr.club_position");
    const rank = byCategory ? sql.raw("lr.category_rank") : sql.raw("lr.club_rank");
    const ofLadder = byCategory
      ? sql`lr.ladder = ${input.surface} and lr.competition_type = ${input.competitionType}`
      : sql`lr.ladder = ${input.surface}`;
    const from = offsetOf({ page, limit });
    p = sql`
      select lr.team_id as id, null::int as rating,
        (select o.club_rank from ${ladderRankRows} o where o.team_id = lr.team_id and o.ladder = ${"overall"}) as overall_rank,
        ${rank} as surface_rank, ${position} as position,
        (select coalesce(max(${position}), 0) from ${ladderRankRows} lr where ${ofLadder})::int as total_count
      from ${ladderRankRows} lr
      where ${ofLadder} and ${position} > ${from} and ${position} <= ${from + limit}${input.teamId !== undefined ? sql` and lr.team_id = ${input.teamId}` : sql``}
      order by ${position}`;
    pageOrder = sql`p.position asc`;
  } else {
    // Every team (the profile: one), the ranked ones first by their stored overall rank.
    p = sql`
      select t.id, t.rating, ${overallRank} as overall_rank, null::int as surface_rank, null::int as position, count(*) over ()::int as total_count
      from teams t
      where ${sql.join(where.length ? where : [sql`true`], sql` and `)}
      order by overall_rank asc nulls last, t.rating desc, t.id asc
      limit ${limit} offset ${offsetOf({ page, limit })}`;
  }

  // The page is chosen first (ranks and total over the narrow rows); members are aggregated only
  // for the rows of the page, not for every team. Whether the stored ranks may be shown to this
  // viewer is a column of the same statement (readCurrentLadderRanks: decision 045).
  const { rows } = await readCurrentLadderRanks(deps, async (at, rankState) => rowsOf(await deps.db.execute(sql`
    with p as (${p})
    select t.*, p.overall_rank, p.surface_rank, p.total_count, ${isInactive("t", at)} as inactive, ${awayUntil("t", at)}::text as away_until,
      ${rankState},
      coalesce(m.members, '[]'::json) as members, coalesce(m.in_progress, false) as in_progress,
      coalesce(m.suspended, false) as suspended
    from p
    -- Each row of the page by its key (a nested loop, never a scan of the club's teams: "offset 0"
    -- keeps the planner from turning it into a hash join over every team).
    cross join lateral (select * from teams where teams.id = p.id offset 0) t
    left join lateral (
      select json_agg(json_build_object(
               'id', u.id, 'name', u.name, 'avatar', u.avatar, 'email', u.email,
               'isCaptain', u.is_captain, 'isPartner', u.is_partner,
               'isApproved', u.is_approved, 'isSuspended', u.is_suspended)
             order by u.is_captain desc, u.id asc) as members,
             bool_or(not u.is_approved) as in_progress,
             bool_or(u.is_suspended) as suspended
      from users u where u.team_id = t.id
    ) m on true
    order by ${pageOrder}`)), { viewerId: viewer.userId });
  const total = rows.length ? num(rows[0]!.total_count) : 0;
  return { items: rows.map((r) => toTeamView(r, viewer)), total };
}

function toTeamView(r: Row, viewer: Viewer): TeamView {
  const ownTeam = viewer.teamId !== null && viewer.teamId === num(r.id);
  const seesEmails = viewer.isAdmin || ownTeam;
  const rawMembers = (typeof r.members === "string" ? JSON.parse(r.members) : r.members) as (TeamMemberView & { email: string })[];
  const members: TeamMemberView[] = rawMembers.map((m) => ({
    id: m.id,
    name: m.name,
    avatar: m.avatar,
    isCaptain: m.isCaptain,
    isPartner: m.isPartner,
    isApproved: m.isApproved,
    isSuspended: m.isSuspended,
    ...(seesEmails ? { email: m.email } : {}),
  }));
  const view: TeamView = {
    id: num(r.id),
    name: String(r.name),
    createdAt: iso(r.created_at),
    isApproved: Boolean(r.is_approved),
    avatar: (r.avatar as string | null) ?? null,
    bio: (r.bio as string | null) ?? null,
    location: (r.location as string | null) ?? null,
    preferredCourtSurface: r.preferred_court_surface as TeamView["preferredCourtSurface"],
    competitionType: r.competition_type as CompetitionType,
    rating: num(r.rating),
    wins: num(r.wins),
    losses: num(r.losses),
    grassRating: num(r.grass_rating),
    beachRating: num(r.beach_rating),
    hardcourtRating: num(r.hardcourt_rating),
    grassWins: num(r.grass_wins),
    grassLosses: num(r.grass_losses),
    beachWins: num(r.beach_wins),
    beachLosses: num(r.beach_losses),
    hardcourtWins: num(r.hardcourt_wins),
    hardcourtLosses: num(r.hardcourt_losses),
    meanRating: 0,
    rank: numOrNull(r.overall_rank),
    surfaceRank: numOrNull(r.surface_rank),
    inactive: Boolean(r.inactive),
    awayUntil: (r.away_until as string | null) ?? null,
    inProgress: Boolean(r.in_progress),
    suspended: Boolean(r.suspended),
    members,
    deletedAt: isoOrNull(r.deleted_at),
  };
  view.meanRating = meanSurfaceRating(view);
  if (viewer.isAdmin) view.deletionReason = (r.deletion_reason as string | null) ?? null;
  return view;
}

export async function listTeams(deps: OutsideTxDeps<"db" | "env" | "clock" | "logger">, input: {
  viewer: Viewer;
  competitionType?: CompetitionType | undefined;
  surface?: Surface | undefined;
  includeDeleted?: boolean | undefined;
  page: number;
  limit: number;
}): Promise<TeamsPage> {
  const { items, total } = await queryTeams(deps, input);
  return pageOf(items, total, input);
}

/** One team; soft-deleted teams only for admins (404 for everyone else). */
export async function getTeam(deps: OutsideTxDeps<"db" | "env" | "clock" | "logger">, input: { viewer: Viewer; teamId: number }): Promise<TeamView> {
  const { items } = await queryTeams(deps, { viewer: input.viewer, teamId: input.teamId, limit: 1 });
  const team = items[0];
  if (!team) throw notFound(TEAM_NOT_FOUND);
  return team;
}

export async function getTeamMembers(deps: OutsideTxDeps<"db" | "env" | "clock" | "logger">, input: { viewer: Viewer; teamId: number }): Promise<TeamMemberView[]> {
  return (await getTeam(deps, input)).members;
}

/** Users' public fields, paged; emails for admins and the user's own team; deleted teams' users only for admins. */
export async function listUsers(deps: TxDeps<"db">, input: {
  viewer: Viewer;
  teamId?: number | undefined;
  page: number;
  limit: number;
}): Promise<UsersPage> {
  const { viewer } = input;
  const conditions: SQL[] = [];
  if (!viewer.isAdmin) conditions.push(sql`(t.id is null or t.deleted_at is null)`);
  if (input.teamId !== undefined) conditions.push(sql`u.team_id = ${input.teamId}`);
  const res = await deps.db.execute(sql`
    select u.id, u.name, u.avatar, u.bio, u.location, u.joined_at, u.team_id, u.email,
           u.is_captain, u.is_partner, u.is_approved, u.is_suspended, u.is_admin,
           t.name as team_name, count(*) over ()::int as total_count
    from users u left join teams t on t.id = u.team_id
    where ${sql.join(conditions.length ? conditions : [sql`true`], sql` and `)}
    order by u.id asc
    limit ${input.limit} offset ${offsetOf(input)}`);
  const rows = rowsOf(res);
  const total = rows.length ? num(rows[0]!.total_count) : 0;
  const items: UserPublicView[] = rows.map((r) => {
    const teamId = numOrNull(r.team_id);
    const seesEmail = viewer.isAdmin || r.id === viewer.userId || (teamId !== null && teamId === viewer.teamId);
    return {
      id: num(r.id),
      name: String(r.name),
      avatar: (r.avatar as string | null) ?? null,
      bio: (r.bio as string | null) ?? null,
      location: (r.location as string | null) ?? null,
      joinedAt: iso(r.joined_at),
      teamId,
      teamName: (r.team_name as string | null) ?? null,
      isCaptain: Boolean(r.is_captain),
      isPartner: Boolean(r.is_partner),
      isApproved: Boolean(r.is_approved),
      isSuspended: Boolean(r.is_suspended),
      isAdmin: Boolean(r.is_admin),
      ...(seesEmail ? { email: String(r.email) } : {}),
    };
  });
  return pageOf(items, total, input);
}

/** Is this user the captain of this (active) team? One query, used to tell 403 from 404. */
async function explainRefusal(db: DbOrTx, teamId: number): Promise<never> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(and(eq(teams.id, teamId), isNull(teams.deletedAt))).limit(1);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  throw forbidden("Only the team captain can change this team.", { code: "captain_only", title: "Captain Only" });
}

/** The captain edits their own team's profile. The captain check is part of the UPDATE. */
export async function updateTeamProfile(deps: OutsideTxDeps<"db" | "env" | "clock" | "logger">, input: {
  viewer: Viewer;
  teamId: number;
  data: UpdateTeamData;
}): Promise<TeamView> {
  const { data } = input;
  const updated = await deps.db
    .update(teams)
    .set({
      name: data.name,
      ...(data.bio !== undefined ? { bio: data.bio } : {}),
      ...(data.location !== undefined ? { location: data.location } : {}),
      ...(data.avatar !== undefined ? { avatar: data.avatar } : {}),
      ...(data.preferredCourtSurface !== undefined ? { preferredCourtSurface: data.preferredCourtSurface } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(teams.id, input.teamId),
        isNull(teams.deletedAt),
        sql`exists (select 1 from ${users} where ${users.id} = ${input.viewer.userId} and ${users.teamId} = ${teams.id} and ${users.isCaptain})`,
      ),
    )
    .returning({ id: teams.id });
  if (updated.length === 0) await explainRefusal(deps.db, input.teamId);
  return getTeam(deps, { viewer: input.viewer, teamId: input.teamId });
}

export interface SoftDeleteInput {
  teamId: number;
  reason?: string | null | undefined;
  by: "captain" | "admin";
  /** With by='captain': the acting user, who must be that team's captain (checked in the UPDATE). */
  actorUserId?: number;
}

export interface SoftDeleteResult {
  teamName: string;
  memberIds: number[];
  canceledChallenges: number;
}

/**
 * Soft-deletes a team: marks it deleted with the reason, cancels its pending/accepted challenges,
 * ends every session of its members and queues a farewell mail to each (one transaction).
 * An admin's own team cannot be deleted.
 */
export async function softDeleteTeam(deps: Deps<"db" | "env" | "clock">, input: SoftDeleteInput): Promise<SoftDeleteResult> {
  const result = await deps.db.transaction(async (tx) => {
    const members = await tx
      .select({ id: users.id, name: users.name, email: users.email, isAdmin: users.isAdmin, isCaptain: users.isCaptain })
      .from(users)
      .where(eq(users.teamId, input.teamId));
    if (members.some((m) => m.isAdmin)) {
      throw new AppError(403, "An admin's own team cannot be deleted.", { code: "admin_team", title: "Delete Failed" });
    }
    const captainCheck =
      input.by === "captain"
        ? sql`exists (select 1 from ${users} where ${users.id} = ${input.actorUserId ?? -1} and ${users.teamId} = ${teams.id} and ${users.isCaptain})`
        : undefined;
    const [team] = await tx
      .update(teams)
      .set({ deletedAt: new Date(), deletionReason: input.reason ?? null, updatedAt: new Date() })
      .where(and(eq(teams.id, input.teamId), isNull(teams.deletedAt), captainCheck))
      .returning({ id: teams.id, name: teams.name });
    if (!team) return explainRefusal(tx, input.teamId);
    // A deleted team leaves every ladder: the stored ranks follow (decisions 038, 039).
    await markLadderRanksChanged(tx, { by: input.actorUserId ?? null });
    const canceled = await tx
      .update(challenges)
      .set({ status: CHALLENGE_STATUS.canceled, updatedAt: new Date() })
      .where(
        and(
          or(eq(challenges.challengerTeamId, input.teamId), eq(challenges.challengedTeamId, input.teamId)),
          inArray(challenges.status, [...ACTIVE_CHALLENGE_STATUSES]),
        ),
      )
      .returning({ id: challenges.id });
    await endSessionsOfUsers(
      tx,
      members.map((m) => m.id),
    );
    // Each member gets a farewell mail, queued with the change (they can no longer sign in to read
    // a notification).
    const reasonLine = input.reason ? `\n\nReason given: ${input.reason}` : "";
    const who = input.by === "admin" ? "an administrator" : "your team captain";
    for (const m of members) {
      await tell(tx, {
        type: "team.deleted",
        mail: {
          to: m.email,
          subject: `Your team ${team.name} has been removed from the ladder`,
          text:
            `Hi ${m.name},\n\nYour team "${team.name}" was deleted by ${who}, so it no longer appears on the ladder ` +
            `and its members can no longer sign in.${reasonLine}\n\n` +
            `Thank you for playing with us. If you think this is a mistake, contact the club administrator at ${deps.env.ADMIN_EMAIL}.\n\n` +
            `${deps.env.APP_URL}`,
        },
      });
    }
    return { team, members, canceled: canceled.length };
  });

  return { teamName: result.team.name, memberIds: result.members.map((m) => m.id), canceledChallenges: result.canceled };
}

/** DELETE /api/teams/{id}: the captain deletes their own team; their session ends with it. */
export async function deleteOwnTeam(
  deps: Deps<"db" | "env" | "clock">,
  input: Omit<SoftDeleteInput, "by" | "actorUserId"> & { actor: Pick<Actor, "id"> },
): Promise<DeleteTeamResult> {
  const r = await softDeleteTeam(deps, { teamId: input.teamId, reason: input.reason, by: "captain", actorUserId: input.actor.id });
  return { teamName: r.teamName, requiresLogin: r.memberIds.includes(input.actor.id) };
}

/** Visible team or 404 (deleted teams are visible to admins only). */
async function assertTeamVisible(db: DbOrTx, viewer: Viewer, teamId: number): Promise<void> {
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), viewer.isAdmin ? undefined : isNull(teams.deletedAt)))
    .limit(1);
  if (!team) throw notFound(TEAM_NOT_FOUND);
}

/** Approved matches only: a literal in the SQL, as in the matches' partial index. */
const approved = sqlLiterals([MATCH_STATUS.approved]);

export const RATING_HISTORY_LIMIT = 200;

/** The team's newest approved matches (bounded), oldest first, with the stored surface ratings before/after. */
export async function getRatingHistory(deps: TxDeps<"db">, input: { viewer: Viewer; teamId: number }): Promise<RatingHistoryPoint[]> {
  await assertTeamVisible(deps.db, input.viewer, input.teamId);
  const id = input.teamId;
  const res = await deps.db.execute(sql`
    select h.*, o.name as opponent_name from (
      select m.id as match_id, coalesce(m.approved_at, m.match_date) as at, m.surface, m.winner_team_id,
             case when m.team1_id = ${id} then m.team2_id else m.team1_id end as opponent_id,
             case when m.team1_id = ${id} then m.team1_prev_rating else m.team2_prev_rating end as prev_rating,
             case when m.team1_id = ${id} then m.team1_new_rating else m.team2_new_rating end as new_rating,
             case when m.team1_id = ${id} then m.player1_prev_rating else m.player2_prev_rating end as overall_prev,
             case when m.team1_id = ${id} then m.player1_new_rating else m.player2_new_rating end as overall_new
      from matches m
      where m.match_status = ${approved} and (m.team1_id = ${id} or m.team2_id = ${id})
      order by m.approved_at desc nulls last, m.id desc
      limit ${RATING_HISTORY_LIMIT}
    ) h
    join teams o on o.id = h.opponent_id
    order by h.at asc, h.match_id asc`);
  return rowsOf(res).map((r) => ({
    matchId: num(r.match_id),
    date: iso(r.at),
    surface: r.surface as Surface,
    opponentId: num(r.opponent_id),
    opponentName: String(r.opponent_name),
    won: num(r.winner_team_id) === id,
    prevRating: numOrNull(r.prev_rating),
    newRating: numOrNull(r.new_rating),
    overallPrev: numOrNull(r.overall_prev),
    overallNew: numOrNull(r.overall_new),
  }));
}

export const HEAD_TO_HEAD_LIMIT = 100;

/** W-L against each opponent over approved matches: one grouped query, most played first. */
export async function getHeadToHead(deps: TxDeps<"db">, input: { viewer: Viewer; teamId: number }): Promise<HeadToHeadRow[]> {
  await assertTeamVisible(deps.db, input.viewer, input.teamId);
  const id = input.teamId;
  const res = await deps.db.execute(sql`
    select h.opponent_id, o.name, o.deleted_at, h.wins, h.losses, h.played, h.last_played
    from (
      select case when m.team1_id = ${id} then m.team2_id else m.team1_id end as opponent_id,
             (count(*) filter (where m.winner_team_id = ${id}))::int as wins,
             (count(*) filter (where m.winner_team_id <> ${id}))::int as losses,
             count(*)::int as played,
             max(m.match_date) as last_played
      from matches m
      where m.match_status = ${approved} and (m.team1_id = ${id} or m.team2_id = ${id})
      group by 1
    ) h
    join teams o on o.id = h.opponent_id
    order by h.played desc, h.last_played desc
    limit ${HEAD_TO_HEAD_LIMIT}`);
  return rowsOf(res).map((r) => ({
    opponentId: num(r.opponent_id),
    opponentName: String(r.name),
    opponentDeleted: r.deleted_at != null,
    wins: num(r.wins),
    losses: num(r.losses),
    played: num(r.played),
    lastPlayed: iso(r.last_played),
  }));
}

