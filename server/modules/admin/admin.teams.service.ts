// Manage Teams: the searchable list (deleted teams included, members with moderation fields), soft
// delete (the teams module's softDeleteTeam), restore, and permanent delete. The acting admin's own
// team can be neither deleted nor restored.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { teams, users } from "@shared/schema";
import type { AdminTeam, AdminTeamActionResult, AdminTeamMember, AdminTeamsPage } from "@shared/types/admin";
import type { CompetitionType } from "@shared/constants";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import { endSessionsOfUsers } from "../../auth/session";
import { softDeleteTeam } from "../teams/teams.service";
import { tell } from "../notifications/notifications.service";
import { teamRestoredEmail } from "./admin.emails";
import { offsetOf, pageOf } from "../../lib/paging";
import { rowsOf } from "../../db/client";
import { markLadderRanksChanged } from "../ladder";

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Teams for Manage Teams, deleted ones included: active first, then by name. Search matches the
 * team name, a member's name or username (case-insensitive). One query for the page, one for members.
 */
export async function listAdminTeams(
  deps: Deps<"db">,
  o: { actor: Pick<Actor, "id" | "teamId">; search: string; page: number; limit: number },
): Promise<AdminTeamsPage> {
  const pattern = `%${escapeLike(o.search)}%`;
  const filter = o.search
    ? sql`(t.name ilike ${pattern} escape '\\' or exists (
        select 1 from users u where u.team_id = t.id and (u.name ilike ${pattern} escape '\\' or u.username ilike ${pattern} escape '\\')))`
    : sql`true`;
  const res = await deps.db.execute(sql`
    select t.id, t.name, t.competition_type, t.is_approved, t.rating, t.wins, t.losses, t.created_at,
           t.deleted_at, t.deletion_reason, count(*) over ()::int as total_count
    from teams t
    where ${filter}
    order by (t.deleted_at is not null) asc, lower(t.name) asc, t.id asc
    limit ${o.limit} offset ${offsetOf(o)}`);
  const rows = rowsOf(res);
  const total = rows.length ? Number(rows[0]!.total_count) : 0;
  const ids = rows.map((r) => Number(r.id));
  const memberRows = ids.length
    ? await deps.db
        .select({
          id: users.id,
          teamId: users.teamId,
          name: users.name,
          username: users.username,
          email: users.email,
          isSuspended: users.isSuspended,
          suspensionReason: users.suspensionReason,
          isCaptain: users.isCaptain,
          isPartner: users.isPartner,
          isApproved: users.isApproved,
          isAdmin: users.isAdmin,
        })
        .from(users)
        .where(inArray(users.teamId, ids))
        .orderBy(sql`${users.isCaptain} desc`, users.id)
    : [];
  const byTeam = new Map<number, AdminTeamMember[]>();
  for (const { teamId, ...m } of memberRows) {
    const list = byTeam.get(teamId!) ?? [];
    list.push(m);
    byTeam.set(teamId!, list);
  }
  const items: AdminTeam[] = rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    competitionType: r.competition_type as CompetitionType,
    isApproved: Boolean(r.is_approved),
    rating: Number(r.rating),
    wins: Number(r.wins),
    losses: Number(r.losses),
    createdAt: iso(r.created_at),
    deletedAt: r.deleted_at == null ? null : iso(r.deleted_at),
    deletionReason: (r.deletion_reason as string | null) ?? null,
    members: byTeam.get(Number(r.id)) ?? [],
    isOwnTeam: o.actor.teamId === Number(r.id),
  }));
  return pageOf(items, total, o);
}

async function findTeam(deps: Deps<"db">, teamId: number, title: string) {
  const [team] = await deps.db.select({ id: teams.id, name: teams.name, deletedAt: teams.deletedAt }).from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team) throw notFound("Team not found", { title });
  return team;
}

function refuseOwnTeam(actor: Pick<Actor, "teamId">, teamId: number, verb: "delete" | "restore", title: string) {
  if (actor.teamId === teamId) throw new AppError(403, `You cannot ${verb} your own team.`, { code: "own_team", title });
}

export async function adminSoftDeleteTeam(deps: Deps<"db" | "env" | "clock" | "logger">, o: { actor: Pick<Actor, "id" | "teamId">; teamId: number; reason: string }): Promise<AdminTeamActionResult> {
  const title = "Delete Failed";
  refuseOwnTeam(o.actor, o.teamId, "delete", title);
  const team = await findTeam(deps, o.teamId, title);
  if (team.deletedAt) throw badRequest(`${team.name} is already deleted.`, { title });
  const result = await softDeleteTeam(deps, { teamId: o.teamId, reason: o.reason, by: "admin" });
  deps.logger.info(
    { event: "admin.team_delete", adminId: o.actor.id, teamId: o.teamId, members: result.memberIds.length, canceledChallenges: result.canceledChallenges },
    "team soft-deleted",
  );
  return { message: `${result.teamName} has been deleted.`, teamName: result.teamName };
}

export async function restoreTeam(deps: Deps<"db" | "env" | "clock" | "logger">, o: { actor: Pick<Actor, "id" | "teamId">; teamId: number }): Promise<AdminTeamActionResult> {
  const title = "Restore Failed";
  refuseOwnTeam(o.actor, o.teamId, "restore", title);
  const restored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(teams)
      .set({ deletedAt: null, deletionReason: null, updatedAt: sql`now()` })
      .where(and(eq(teams.id, o.teamId), isNotNull(teams.deletedAt)))
      .returning({ id: teams.id, name: teams.name });
    if (!row) return undefined;
    // The team is back on its ladders: the stored ranks follow (decisions 038, 039).
    await markLadderRanksChanged(tx, { by: o.actor.id });
    const members = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.teamId, row.id));
    for (const m of members) {
      await tell(tx, {
        type: "team.restored",
        userIds: [m.id],
        link: "/",
        mail: teamRestoredEmail({ appUrl: deps.env.APP_URL, to: m.email, name: m.name, teamName: row.name }),
      });
    }
    return row;
  });
  if (!restored) {
    const team = await findTeam(deps, o.teamId, title);
    throw badRequest(`${team.name} is not deleted.`, { title });
  }
  deps.logger.info({ event: "admin.team_restore", adminId: o.actor.id, teamId: restored.id }, "team restored");
  return { message: `${restored.name} has been restored.`, teamName: restored.name };
}

/**
 * Removes a soft-deleted team for good, with its members (admins among them are kept, without a
 * team), its challenges and its matches (and their disputes and tokens, by the schema's cascades).
 * Other teams' ratings stay as they are, like a purge.
 */
export async function permanentlyDeleteTeam(deps: Deps<"db" | "env" | "clock" | "logger">, o: { actor: Pick<Actor, "id" | "teamId">; teamId: number }): Promise<AdminTeamActionResult> {
  const title = "Permanent Delete Failed";
  refuseOwnTeam(o.actor, o.teamId, "delete", title);
  const result = await deps.db.transaction(async (tx) => {
    const [team] = await tx.select({ id: teams.id, name: teams.name, deletedAt: teams.deletedAt }).from(teams).where(eq(teams.id, o.teamId)).for("update");
    if (!team) throw notFound("Team not found", { title });
    if (!team.deletedAt)
      throw badRequest(`Delete ${team.name} first: only a deleted team can be permanently deleted.`, { title, code: "team_active" });
    const members = await tx.select({ id: users.id, isAdmin: users.isAdmin }).from(users).where(eq(users.teamId, team.id));
    const removable = members.filter((m) => !m.isAdmin).map((m) => m.id);
    await endSessionsOfUsers(tx, removable);
    if (removable.length) await tx.delete(users).where(inArray(users.id, removable));
    // challenges, matches (team1/team2/winner) and, through matches, disputes and tokens cascade.
    await tx.delete(teams).where(eq(teams.id, team.id));
    // Its matches went with it (and with them the last activity of its opponents): the stored ranks follow.
    await markLadderRanksChanged(tx, { by: o.actor.id });
    return { team, removedUsers: removable.length };
  });
  deps.logger.info(
    { event: "admin.team_purge", adminId: o.actor.id, teamId: result.team.id, removedUsers: result.removedUsers },
    "team permanently deleted",
  );
  return { message: `${result.team.name} has been permanently deleted.`, teamName: result.team.name };
}
