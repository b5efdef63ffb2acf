// "May this user's team challenge that team on this surface now?" One rule (challengeRefusal, pure)
// fed by one query (loadChallengeSides): POST /api/challenges throws the refusal, the /challenge-teams
// table shows its reason on each row. The rule, in the order it is checked:
//   the user has a team · it is not the team challenged · the user's team is approved · no member of
//   it is suspended · the club is not on a break · the other team exists and is active · the category chosen is the user's team's
//   · both teams play that category · the other team is approved · no member of it is suspended ·
//   the other team is not away today · no pending or accepted challenge between the two teams (either direction) · within reach on the
//   chosen surface's ladder of the category (any team below, or up to CHALLENGE_REACH places above;
//   an unranked team counts as one place below the last ranked team; a team in its first season may
//   go past it with a wildcard while it has one left) · the user is the captain.
import { sql, type SQL } from "drizzle-orm";
import { challenges, clubBreaks, ladderRankRows, sqlLiterals, teams, users } from "@shared/schema";
import { ACTIVE_CHALLENGE_STATUSES, type CompetitionType, type Surface } from "@shared/constants";
import {
  CHALLENGE_ERRORS,
  CHALLENGE_REFUSAL,
  outOfReachMessage,
  withinReach,
  type ChallengeRefusalCode,
} from "@shared/validators/challenges";
import type { MemberRef } from "@shared/types/common";
import { rowsOf, type DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { awayUntil, isInactive, ladderValues, storedLadderSizeOf, storedRankOf, teamColumn, type ActivityAt } from "../ladder";
import { DEFAULT_CLUB_TIMEZONE, formatDay, formatZonedDate } from "@shared/time";
import { offsetOf } from "../../lib/paging";
import { wildcardsOf } from "../seasons";
import { SEASON_MESSAGES } from "@shared/validators/seasons";

/** The signed-in user and their (active) team, as the rule needs them. */
export interface Challenger {
  teamId: number;
  name: string;
  competitionType: CompetitionType;
  isApproved: boolean;
  /** Any member suspended. */
  suspended: boolean;
  isCaptain: boolean;
  /** On the chosen surface (none chosen: the card rating, the mean of the three). */
  rating: number;
  /** On the chosen surface's ladder of the team's category; null when unranked or no surface. */
  rank: number | null;
  /** Teams ranked on that ladder. */
  ladderSize: number;
  /** The club break going on now (docs/product.md, "Club breaks"): no new challenges. */
  clubBreak: { name: string; endsAt: Date } | null;
  /** In its first season (docs/product.md, "Wildcards"): the season and the wildcards left; else null. */
  wildcards: { seasonId: number; left: number } | null;
}

/** A team that might be challenged, as the rule needs it (plus what the table shows of it). */
export interface Opponent {
  id: number;
  name: string;
  avatar: string | null;
  competitionType: CompetitionType;
  isApproved: boolean;
  suspended: boolean;
  /** A pending or accepted challenge between this team and the challenger's. */
  activeChallenge: boolean;
  /** The last day of the away range it is on today ('YYYY-MM-DD'), or null. */
  awayUntil: string | null;
  /** Inactive (docs/product.md, "Activity"): unranked. */
  inactive: boolean;
  /** On the chosen surface's ladder of its category; null when unranked (or inactive) or no surface. */
  rank: number | null;
  rating: number;
  wins: number;
  losses: number;
  members: MemberRef[];
}

export interface Refusal {
  code: ChallengeRefusalCode;
  /** What POST /api/challenges answers. */
  status: number;
  title: string;
  message: string;
  /** What the /challenge-teams table shows on the row. */
  reason: string;
}

const refusal = (code: ChallengeRefusalCode, status: number, title: string, message: string, reason = message): Refusal => ({
  code,
  status,
  title,
  message,
  reason,
});

/** A pending or accepted challenge between the two teams already (either direction). */
export const activeChallengeRefusal = (): Refusal =>
  refusal(CHALLENGE_REFUSAL.active, 409, CHALLENGE_ERRORS.active.title, CHALLENGE_ERRORS.active.message, "Already an active challenge with this team");

/** The reason a challenge is refused, or null when it may be sent. Pure. */
export function challengeRefusal(opts: {
  challenger: Challenger | null;
  /** undefined: the team does not exist or is deleted. */
  opponent: Opponent | undefined;
  /** The surface chosen; without one there is no reach rule (the table before a surface is picked). */
  surface: Surface | undefined;
  /** The category chosen in the form, when one is. */
  category?: CompetitionType | undefined;
  /** The club's time zone (the last day of a club break is named in it). */
  timeZone?: string;
}): Refusal | null {
  const { challenger: me, opponent: them } = opts;
  const R = CHALLENGE_REFUSAL;
  if (!me) return refusal(R.noTeam, 403, "Team Required", "You need a team to challenge other teams.");
  if (them && them.id === me.teamId) return refusal(R.ownTeam, 400, "Invalid Challenge", "You cannot challenge your own team.");
  if (!me.isApproved)
    return refusal(R.ownNotApproved, 403, "Approval Pending", "Your team is awaiting approval and cannot send challenges yet.");
  if (me.suspended)
    return refusal(R.ownSuspended, 403, "Team Suspended", "A member of your team is suspended: your team cannot send challenges.");
  if (me.clubBreak) {
    const lastDay = formatZonedDate(new Date(me.clubBreak.endsAt.getTime() - 1), opts.timeZone ?? DEFAULT_CLUB_TIMEZONE);
    return refusal(
      R.clubBreak,
      409,
      "Club Break",
      `The club is on a break (${me.clubBreak.name}) through ${lastDay}: no new challenges until it ends.`,
      `Club break (${me.clubBreak.name}) through ${lastDay}`,
    );
  }
  if (!them) return refusal(R.teamNotFound, 404, "Team Not Found", "That team does not exist or is no longer active.");
  const mine = me.competitionType;
  const otherCategory = `Different category: your team plays ${mine}`;
  if (opts.category !== undefined && opts.category !== mine)
    return refusal(
      R.categoryNotYours,
      400,
      "Competition Category Mismatch",
      `Your team plays ${mine}: you can only challenge teams in that category.`,
      otherCategory,
    );
  if (them.competitionType !== mine)
    return refusal(
      R.otherCategory,
      400,
      "Competition Category Mismatch",
      `Teams can only challenge teams in their own competition category (${mine}).`,
      otherCategory,
    );
  if (!them.isApproved)
    return refusal(
      R.teamNotApproved,
      400,
      "Team Not Available",
      "This team is awaiting approval and cannot be challenged yet.",
      "This team is awaiting approval",
    );
  if (them.suspended)
    return refusal(R.teamSuspended, 400, "Team Not Available", "This team is suspended and cannot be challenged.", "This team is suspended");
  if (them.awayUntil !== null) {
    const until = formatDay(them.awayUntil);
    return refusal(
      R.teamAway,
      400,
      "Team Not Available",
      `${them.name} is away until ${until} and cannot be challenged until then.`,
      `Away until ${until}`,
    );
  }
  if (them.activeChallenge) return activeChallengeRefusal();
  if (needsWildcard(me, them, opts.surface)) {
    const outOfReach = outOfReachMessage({ myRank: me.rank, theirRank: them.rank, ladderSize: me.ladderSize });
    if (!me.wildcards) return refusal(R.outOfReach, 400, "Out of Reach", outOfReach);
    if (me.wildcards.left <= 0) return refusal(R.wildcardsUsed, 400, "Out of Reach", `${outOfReach} ${SEASON_MESSAGES.wildcardsUsed}`, outOfReach);
  }
  if (!me.isCaptain) return refusal(R.captainOnly, 403, "Captain Only", "Only your team captain can send challenges.");
  return null;
}

/** Out of reach on the chosen surface (docs/product.md, "Reach"): allowed only with a wildcard. Pure. */
export function needsWildcard(me: Pick<Challenger, "rank" | "ladderSize">, them: Pick<Opponent, "rank">, surface: Surface | undefined): boolean {
  if (surface === undefined) return false;
  const unranked = me.ladderSize + 1;
  return !withinReach(me.rank ?? unranked, them.rank ?? unranked);
}

/** The refusal as the error POST /api/challenges answers. */
export function refusalError(r: Refusal): AppError {
  return new AppError(r.status, r.message, { title: r.title, code: r.code });
}

// ---------------------------------------------------------------------------------------------
// The one query
// ---------------------------------------------------------------------------------------------

/** Which teams to load as opponents: one (a new challenge) or a page of the table. */
export type OpponentFilter =
  | { teamId: number }
  | { competitionType: CompetitionType | undefined; page: number; limit: number };

export interface ChallengeSides {
  challenger: Challenger | null;
  opponents: Opponent[];
  /** Opponents matching the filter over every page. */
  total: number;
}

const suspendedMember = (alias: string): SQL =>
  sql`exists (select 1 from ${users} u where u.team_id = ${teamColumn(alias, teams.id)} and u.is_suspended)`;

/**
 * Accepting re-checks the two teams as they are at that moment (a team suspended, deleted or no
 * longer approved since the challenge was sent cannot be played against): a condition for the
 * accepting UPDATE of `challenges`, so a suspension racing the accept is seen by one or the other.
 * Reach and category are not checked again (docs/product.md#reach).
 */
export const bothTeamsMayPlay = (): SQL =>
  sql`not exists (select 1 from ${teams} t where t.id in (${challenges.challengerTeamId}, ${challenges.challengedTeamId})
        and (t.deleted_at is not null or not t.is_approved or ${suspendedMember("t")}))`;

/** Why bothTeamsMayPlay failed for this challenge (null when it holds now): the accepting team's side first. */
export async function acceptRefusal(db: DbOrTx, opts: { challengerTeamId: number; acceptingTeamId: number }): Promise<Refusal | null> {
  const res = await db.execute<{ id: number; name: string; deleted: boolean; is_approved: boolean; suspended: boolean }>(sql`
    select t.id, t.name, t.deleted_at is not null as deleted, t.is_approved, ${suspendedMember("t")} as suspended
    from ${teams} t where t.id in (${opts.challengerTeamId}, ${opts.acceptingTeamId})`);
  const rows = rowsOf<{ id: number; name: string; deleted: boolean; is_approved: boolean; suspended: boolean }>(res);
  const own = rows.find((r) => Number(r.id) === opts.acceptingTeamId);
  const them = rows.find((r) => Number(r.id) === opts.challengerTeamId);
  const R = CHALLENGE_REFUSAL;
  if (own?.suspended)
    return refusal(R.ownSuspended, 403, "Team Suspended", "A member of your team is suspended: your team cannot accept challenges.");
  if (own && !own.is_approved)
    return refusal(R.ownNotApproved, 403, "Approval Pending", "Your team is awaiting approval and cannot accept challenges yet.");
  if (!them || them.deleted)
    return refusal(R.teamNotFound, 409, "Team Not Available", "The team that sent this challenge is no longer on the ladder: it can no longer be accepted.");
  if (them.suspended)
    return refusal(R.teamSuspended, 409, "Team Not Available", `${them.name} is suspended: this challenge cannot be accepted now. You can decline it instead.`);
  if (!them.is_approved)
    return refusal(R.teamNotApproved, 409, "Team Not Available", `${them.name} is awaiting approval: this challenge cannot be accepted now.`);
  return null;
}

/** Members of a team as one JSON list, captain first (a correlated subquery: no N+1). */
export const membersOf = (teamId: SQL): SQL =>
  sql`coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name, 'isCaptain', u.is_captain) order by u.is_captain desc, u.id)
      from ${users} u where u.team_id = ${teamId}), '[]'::json)`;

export function parseMembers(value: unknown): MemberRef[] {
  const list: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.map((m: { id: number; name: string; isCaptain: boolean }) => ({
    id: Number(m.id),
    name: String(m.name),
    isCaptain: Boolean(m.isCaptain),
  }));
}

/** Rating, wins, losses of the team in `alias`: the chosen surface's, or (none yet) the card rating and the overall record. */
function shownValues(surface: Surface | undefined, alias: string): { rating: SQL; wins: SQL; losses: SQL } {
  if (surface) return ladderValues(surface, alias);
  const v = (c: Parameters<typeof teamColumn>[1]) => teamColumn(alias, c);
  return {
    rating: sql`round((${v(teams.grassRating)} + ${v(teams.beachRating)} + ${v(teams.hardcourtRating)}) / 3.0)::int`,
    wins: v(teams.wins),
    losses: v(teams.losses),
  };
}

interface SidesRow extends Record<string, unknown> {
  me_id: number | null;
  me_name: string | null;
  me_competition_type: CompetitionType | null;
  me_is_approved: boolean | null;
  me_suspended: boolean | null;
  me_rating: number | null;
  me_rank: number | null;
  me_ladder_size: number | null;
  me_break_name: string | null;
  me_break_ends_at: Date | string | null;
  me_wildcard_season_id: number | null;
  me_wildcards_left: number | null;
  id: number | null;
  name: string;
  avatar: string | null;
  competition_type: CompetitionType;
  is_approved: boolean;
  suspended: boolean;
  active_challenge: boolean;
  away_until: string | null;
  inactive: boolean;
  rank: number | null;
  rating: number;
  wins: number;
  losses: number;
  members: unknown;
  total: number;
}

const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The challenger (the user's active team: approval, suspension, rating, rank and ladder size on the
 * surface) and the opponents (one team, or a page of the table ordered ranked first in ladder order)
 * with everything the rule needs, in one statement. Ranks come from the ladder module.
 */
export async function loadChallengeSides(opts: {
  db: DbOrTx;
  /** The user's team (null: none). */
  teamId: number | null;
  isCaptain: boolean;
  surface: Surface | undefined;
  opponents: OpponentFilter;
  /** Today and the inactivity threshold (ranks count active teams only; who is away). */
  at: ActivityAt;
}): Promise<ChallengeSides> {
  const { db, teamId, surface, opponents, at } = opts;
  const mine = shownValues(surface, "t");
  const theirs = shownValues(surface, "t");
  const me = teamId
    ? sql`select t.id, t.name, t.competition_type, t.is_approved, ${mine.rating} as rating, ${suspendedMember("t")} as suspended,
          ${surface ? storedRankOf({ ladder: surface, within: "category", alias: "t" }) : sql`null::int`} as rank,
          ${surface ? storedLadderSizeOf({ ladder: surface, alias: "t" }) : sql`0`} as ladder_size,
          b.name as break_name, b.ends_at as break_ends_at, wc.wildcard_season_id, wc.wildcards_left
        from ${teams} t
        left join lateral (select cb.name, cb.ends_at from ${clubBreaks} cb where cb.starts_at <= now() and cb.ends_at > now() limit 1) b on true
        left join lateral (${wildcardsOf("t", at)}) wc on true
        where t.id = ${teamId} and t.deleted_at is null`
    : sql`select null::int as id, null::text as name, null::text as competition_type, null::boolean as is_approved,
          null::int as rating, null::boolean as suspended, null::int as rank, null::int as ladder_size,
          null::text as break_name, null::timestamptz as break_ends_at, null::int as wildcard_season_id, null::int as wildcards_left where false`;
  // Each team's stored rank in its own category on the surface (a key lookup per row).
  const ranked = surface
    ? sql`select team_id, category_rank as rank from ${ladderRankRows} where ladder = ${surface}`
    : sql`select null::int as team_id, null::int as rank where false`;
  const activeChallenge = teamId
    ? sql`exists (select 1 from ${challenges} c
        where least(c.challenger_team_id, c.challenged_team_id) = least(t.id, ${teamId}::int)
          and greatest(c.challenger_team_id, c.challenged_team_id) = greatest(t.id, ${teamId}::int)
          and c.status in (${sqlLiterals(ACTIVE_CHALLENGE_STATUSES)}))`
    : sql`false`;
  const where =
    "teamId" in opponents
      ? sql`t.id = ${opponents.teamId} and t.deleted_at is null`
      : sql.join(
          [
            sql`t.deleted_at is null`,
            ...(teamId ? [sql`t.id <> ${teamId}`] : []),
            ...(opponents.competitionType ? [sql`t.competition_type = ${opponents.competitionType}`] : []),
          ],
          sql` and `,
        );
  const [limit, offset] = "teamId" in opponents ? [1, 0] : [opponents.limit, offsetOf(opponents)];
  const res = await db.execute<SidesRow>(sql`
    with me as (${me}), ranked as (${ranked}), counted as (select count(*)::int as n from ${teams} t where ${where}), page as (
      select t.id, t.name, t.avatar, t.competition_type, t.is_approved, ${theirs.rating} as rating, ${theirs.wins} as wins,
             ${theirs.losses} as losses, r.rank, ${suspendedMember("t")} as suspended, ${activeChallenge} as active_challenge,
             ${membersOf(sql`t.id`)} as members, ${awayUntil("t", at)}::text as away_until, ${isInactive("t", at)} as inactive
      from ${teams} t left join ranked r on r.team_id = t.id
      where ${where}
      order by (r.rank is null), r.rank, ${theirs.rating} desc, t.name, t.id
      limit ${limit} offset ${offset}
    )
    select me.id as me_id, me.name as me_name, me.competition_type as me_competition_type, me.is_approved as me_is_approved,
           me.suspended as me_suspended, me.rating as me_rating, me.rank as me_rank, me.ladder_size as me_ladder_size,
           me.break_name as me_break_name, me.break_ends_at as me_break_ends_at,
           me.wildcard_season_id as me_wildcard_season_id, me.wildcards_left as me_wildcards_left,
           counted.n as total, page.*
    from counted left join me on true left join page on true
    order by (page.rank is null), page.rank, page.rating desc, page.name, page.id`);
  const rows = rowsOf<SidesRow>(res);
  const first = rows[0];
  const challenger: Challenger | null =
    first && first.me_id !== null
      ? {
          teamId: Number(first.me_id),
          name: String(first.me_name),
          competitionType: first.me_competition_type!,
          isApproved: Boolean(first.me_is_approved),
          suspended: Boolean(first.me_suspended),
          isCaptain: opts.isCaptain,
          rating: Number(first.me_rating),
          rank: numOrNull(first.me_rank),
          ladderSize: Number(first.me_ladder_size ?? 0),
          clubBreak:
            first.me_break_name !== null && first.me_break_ends_at !== null
              ? { name: first.me_break_name, endsAt: new Date(first.me_break_ends_at) }
              : null,
          wildcards:
            first.me_wildcard_season_id !== null && first.me_wildcards_left !== null
              ? { seasonId: Number(first.me_wildcard_season_id), left: Number(first.me_wildcards_left) }
              : null,
        }
      : null;
  const found = rows.filter((r) => r.id !== null);
  return {
    challenger,
    opponents: found.map((r) => ({
      id: Number(r.id),
      name: r.name,
      avatar: r.avatar,
      competitionType: r.competition_type,
      isApproved: Boolean(r.is_approved),
      suspended: Boolean(r.suspended),
      activeChallenge: Boolean(r.active_challenge),
      awayUntil: r.away_until ?? null,
      inactive: Boolean(r.inactive),
      rank: numOrNull(r.rank),
      rating: Number(r.rating),
      wins: Number(r.wins),
      losses: Number(r.losses),
      members: parseMembers(r.members),
    })),
    total: first ? Number(first.total) : 0,
  };
}
