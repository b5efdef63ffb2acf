// Admin actions on one user: suspend, unsuspend, delete, promote to admin and demote. Suspension
// and deletion end every session of that user; an admin can suspend or delete neither themselves nor
// another admin. There is always at least one admin: the last one cannot be demoted, also when two
// demotions race (the admin rows are locked first).
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { teams, userMfa, users } from "@shared/schema";
import type { AdminAccount, AdminUserActionResult } from "@shared/types/admin";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import { endSessionsOfUsers } from "../../auth/session";
import type { Tx } from "../../db/client";
import type { MailMessage } from "../../mail/mailer";
import { tell } from "../notifications/notifications.service";
import { demotedEmail, promotedEmail, suspensionEmail, unsuspensionEmail } from "./admin.emails";

async function lockTarget(tx: Tx, userId: number, actorId: number, verb: "suspend" | "delete" | "unsuspend", title: string) {
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
  if (!target) throw notFound("User not found.", { title });
  if (verb !== "unsuspend") {
    if (target.id === actorId) throw badRequest(`You cannot ${verb} your own account.`, { title });
    if (target.isAdmin) throw new AppError(403, `Admin accounts cannot be ${verb === "suspend" ? "suspended" : "deleted"}.`, { title });
  }
  return target;
}

export async function suspendUser(deps: Deps<"db" | "env" | "logger">, o: { userId: number; actor: Pick<Actor, "id">; reason: string }): Promise<AdminUserActionResult> {
  const title = "Suspension Failed";
  const target = await deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, o.userId, o.actor.id, "suspend", title);
    await tx
      .update(users)
      .set({ isSuspended: true, suspensionReason: o.reason, updatedAt: sql`now()` })
      .where(eq(users.id, row.id));
    await endSessionsOfUsers(tx, [row.id]);
    await tell(tx, { type: "account.suspended", mail: suspensionEmail({ to: row.email, name: row.name, reason: o.reason, adminEmail: deps.env.ADMIN_EMAIL }) });
    return row;
  });
  deps.logger.info({ event: "admin.suspend", adminId: o.actor.id, userId: target.id }, "user suspended");
  return { message: `${target.name} has been suspended.`, userId: target.id, name: target.name };
}

export async function unsuspendUser(deps: Deps<"db" | "env" | "logger">, o: { userId: number; actor: Pick<Actor, "id"> }): Promise<AdminUserActionResult> {
  const title = "Unsuspension Failed";
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, o.userId, o.actor.id, "unsuspend", title);
    if (!row.isSuspended) return { row, changed: false };
    await tx.update(users).set({ isSuspended: false, suspensionReason: null, updatedAt: sql`now()` }).where(eq(users.id, row.id));
    await tell(tx, {
      type: "account.unsuspended",
      userIds: [row.id],
      link: "/",
      mail: unsuspensionEmail({ appUrl: deps.env.APP_URL, to: row.email, name: row.name }),
    });
    return { row, changed: true };
  });
  const target = result.row;
  if (result.changed) {
    deps.logger.info({ event: "admin.unsuspend", adminId: o.actor.id, userId: target.id }, "user unsuspended");
  }
  return { message: `${target.name} is no longer suspended.`, userId: target.id, name: target.name };
}

/**
 * Deletes the account. Their matches, challenges and disputes stay (the references become empty).
 * When a captain goes and the team keeps a member, that member becomes the captain.
 */
export async function deleteUser(deps: Deps<"db" | "env" | "logger">, o: { userId: number; actor: Pick<Actor, "id"> }): Promise<AdminUserActionResult> {
  const title = "Failed to Delete User";
  const target = await deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, o.userId, o.actor.id, "delete", title);
    await endSessionsOfUsers(tx, [row.id]);
    await tx.delete(users).where(eq(users.id, row.id));
    if (row.isCaptain && row.teamId !== null) {
      const [next] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.teamId, row.teamId), ne(users.id, row.id), eq(users.isAdmin, false)))
        .orderBy(users.id)
        .limit(1);
      if (next) await tx.update(users).set({ isCaptain: true, isPartner: false, updatedAt: sql`now()` }).where(eq(users.id, next.id));
    }
    return row;
  });
  deps.logger.info({ event: "admin.user_delete", adminId: o.actor.id, userId: target.id, teamId: target.teamId }, "user deleted");
  return { message: `${target.name} has been deleted.`, userId: target.id, name: target.name };
}

/** Every admin, for the Administrators card: whether each has two-step sign-in on. */
export async function listAdmins(deps: Deps<"db">, o: { actor: Pick<Actor, "id"> }): Promise<AdminAccount[]> {
  const rows = await deps.db
    .select({ id: users.id, name: users.name, username: users.username, email: users.email, teamName: teams.name, mfaEnabledAt: userMfa.enabledAt })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(userMfa, eq(userMfa.userId, users.id))
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(({ mfaEnabledAt, ...r }) => ({ ...r, secondFactor: mfaEnabledAt !== null, isSelf: r.id === o.actor.id }));
}

/** Gives or takes admin rights and tells the member (notification and mail) who did it. */
async function setAdminRights(
  tx: Tx,
  o: { user: { id: number }; isAdmin: boolean; actorId: number; link: string },
  mail: (byName: string) => MailMessage,
): Promise<void> {
  await tx.update(users).set({ isAdmin: o.isAdmin, updatedAt: sql`now()` }).where(eq(users.id, o.user.id));
  const [by] = await tx.select({ name: users.name }).from(users).where(eq(users.id, o.actorId));
  await tell(tx, { type: "account.admin_rights", userIds: [o.user.id], link: o.link, mail: mail(by?.name ?? "An administrator") });
}

/**
 * Makes an active member an admin: they must have a login, a verified email and approval, and be
 * neither suspended, rejected nor on a deleted team. They are emailed.
 */
export async function promoteUser(deps: Deps<"db" | "env" | "logger">, o: { userId: number; actor: Pick<Actor, "id"> }): Promise<AdminUserActionResult> {
  const title = "Promotion Failed";
  const { target } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ user: users, teamDeletedAt: teams.deletedAt })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.teamId))
      .where(eq(users.id, o.userId))
      .for("update", { of: users })
      .limit(1);
    if (!row) throw notFound("User not found.", { title });
    const u = row.user;
    const refuse = (message: string) => new AppError(409, message, { title, code: "conflict" });
    if (u.isAdmin) throw refuse(`${u.name} is already an admin.`);
    if (!u.username || !u.password) throw refuse(`${u.name} has no login yet: they must accept their invitation first.`);
    if (u.isSuspended) throw refuse(`${u.name} is suspended. Lift the suspension first.`);
    if (u.rejectionReason || !u.isApproved) throw refuse(`${u.name}'s registration is not approved.`);
    if (!u.isEmailVerified) throw refuse(`${u.name} has not verified their email address yet.`);
    if (row.teamDeletedAt) throw refuse(`${u.name}'s team is deleted.`);
    await setAdminRights(tx, { user: u, isAdmin: true, actorId: o.actor.id, link: "/admin" }, (byName) =>
      promotedEmail({ appUrl: deps.env.APP_URL, to: u.email, name: u.name, byName }),
    );
    return { target: u };
  });
  deps.logger.info({ event: "admin.promote", adminId: o.actor.id, userId: target.id }, "user made an admin");
  return { message: `${target.name} is now an admin.`, userId: target.id, name: target.name };
}

/** Takes admin rights away; never from the last admin (an admin may demote themself if another remains). */
export async function demoteAdmin(deps: Deps<"db" | "env" | "logger">, o: { userId: number; actor: Pick<Actor, "id"> }): Promise<AdminUserActionResult> {
  const title = "Demotion Failed";
  const { target } = await deps.db.transaction(async (tx) => {
    // Lock every admin row in id order: two demotions at once count the admins one after the other.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.id)).for("update");
    const [u] = await tx.select().from(users).where(eq(users.id, o.userId)).limit(1);
    if (!u) throw notFound("User not found.", { title });
    if (!u.isAdmin) throw new AppError(409, `${u.name} is not an admin.`, { title, code: "conflict" });
    if (admins.length <= 1) {
      const message =
        u.id === o.actor.id
          ? "You are the last admin. Make another member an admin before you step down."
          : `${u.name} is the last admin. Make another member an admin first.`;
      throw new AppError(409, message, { title, code: "last_admin" });
    }
    await setAdminRights(tx, { user: u, isAdmin: false, actorId: o.actor.id, link: "/" }, (byName) =>
      demotedEmail({ to: u.email, name: u.name, byName }),
    );
    return { target: u };
  });
  deps.logger.info({ event: "admin.demote", adminId: o.actor.id, userId: target.id }, "admin rights removed");
  return { message: target.id === o.actor.id ? "You are no longer an admin." : `${target.name} is no longer an admin.`, userId: target.id, name: target.name };
}
