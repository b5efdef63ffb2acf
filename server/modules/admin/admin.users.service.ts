// Admin actions on one user: suspend, unsuspend, delete. Suspension and deletion end every session
// of that user. An admin can act on neither themselves nor another admin.
import { and, eq, ne, sql } from "drizzle-orm";
import { users } from "@shared/schema";
import type { AdminUserActionResult } from "@shared/types/admin";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import { endSessionsOfUsers } from "../../auth/session";
import type { Tx } from "../../db/client";
import { suspensionEmail, unsuspensionEmail } from "./admin.emails";

type Deps = Pick<AppDeps, "db" | "mailer" | "env" | "logger">;

async function lockTarget(tx: Tx, userId: number, actorId: number, verb: "suspend" | "delete" | "unsuspend", title: string) {
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
  if (!target) throw notFound("User not found.", { title });
  if (verb !== "unsuspend") {
    if (target.id === actorId) throw badRequest(`You cannot ${verb} your own account.`, { title });
    if (target.isAdmin) throw new AppError(403, `Admin accounts cannot be ${verb === "suspend" ? "suspended" : "deleted"}.`, { title });
  }
  return target;
}

export async function suspendUser(deps: Deps, o: { userId: number; actorId: number; reason: string }): Promise<AdminUserActionResult> {
  const title = "Suspension Failed";
  const target = await deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, o.userId, o.actorId, "suspend", title);
    await tx
      .update(users)
      .set({ isSuspended: true, suspensionReason: o.reason, updatedAt: sql`now()` })
      .where(eq(users.id, row.id));
    await endSessionsOfUsers(tx, [row.id]);
    return row;
  });
  deps.logger.info({ event: "admin.suspend", adminId: o.actorId, userId: target.id }, "user suspended");
  await deps.mailer.send(suspensionEmail({ to: target.email, name: target.name, reason: o.reason, adminEmail: deps.env.ADMIN_EMAIL }));
  return { message: `${target.name} has been suspended.`, userId: target.id, name: target.name };
}

export async function unsuspendUser(deps: Deps, o: { userId: number; actorId: number }): Promise<AdminUserActionResult> {
  const title = "Unsuspension Failed";
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, o.userId, o.actorId, "unsuspend", title);
    if (!row.isSuspended) return { row, changed: false };
    await tx.update(users).set({ isSuspended: false, suspensionReason: null, updatedAt: sql`now()` }).where(eq(users.id, row.id));
    return { row, changed: true };
  });
  const target = result.row;
  if (result.changed) {
    deps.logger.info({ event: "admin.unsuspend", adminId: o.actorId, userId: target.id }, "user unsuspended");
    await deps.mailer.send(unsuspensionEmail({ appUrl: deps.env.APP_URL, to: target.email, name: target.name }));
  }
  return { message: `${target.name} is no longer suspended.`, userId: target.id, name: target.name };
}

/**
 * Deletes the account. Their matches, challenges and disputes stay (the references become empty).
 * When a captain goes and the team keeps a member, that member becomes the captain.
 */
export async function deleteUser(deps: Deps, o: { userId: number; actorId: number }): Promise<AdminUserActionResult> {
  const title = "Failed to Delete User";
  const target = await deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, o.userId, o.actorId, "delete", title);
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
  deps.logger.info({ event: "admin.user_delete", adminId: o.actorId, userId: target.id, teamId: target.teamId }, "user deleted");
  return { message: `${target.name} has been deleted.`, userId: target.id, name: target.name };
}
