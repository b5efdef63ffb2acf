import { eq, sql } from "drizzle-orm";
import { users } from "@shared/schema";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { burnPasswordCheck, verifyPassword } from "../../auth/password";
import { loadSessionUser, type SessionUser } from "./current-user";

export const INVALID_LOGIN = "Invalid username or password";

/** Checks a username and password; refuses suspended, rejected users and members of deleted teams with the reason. */
export async function authenticateUser(options: {
  db: Db;
  username: string;
  password: string;
  adminEmail: string;
}): Promise<SessionUser> {
  const { db, username, password, adminEmail } = options;
  const [row] = await db
    .select({ id: users.id, password: users.password })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  if (!row || !row.password) {
    await burnPasswordCheck(password);
    throw new AppError(401, INVALID_LOGIN, { title: "Login failed", code: "invalid_credentials" });
  }
  if (!(await verifyPassword(row.password, password))) {
    throw new AppError(401, INVALID_LOGIN, { title: "Login failed", code: "invalid_credentials" });
  }
  const user = await loadSessionUser(db, { id: row.id });
  if (!user) throw new AppError(401, INVALID_LOGIN, { title: "Login failed", code: "invalid_credentials" });
  refuseBlockedUser(user, adminEmail);
  return user;
}

/** Suspended, rejected users and members of deleted teams are refused with the reason (at the password and at the code step). */
export function refuseBlockedUser(user: SessionUser, adminEmail: string): void {
  if (user.isSuspended) {
    const reason = user.suspensionReason?.trim() || "No reason was given.";
    throw new AppError(
      403,
      `Your account has been suspended. Reason: ${reason} Please contact the administrator at ${adminEmail}.`,
      { title: "Account Suspended", code: "account_suspended" },
    );
  }
  if (user.rejectionReason) {
    const reason = user.rejectionReason.trim();
    throw new AppError(
      403,
      `Your registration was not approved. Reason: ${reason}${/[.!?]$/.test(reason) ? "" : "."} Please contact the administrator at ${adminEmail}.`,
      { title: "Registration Rejected", code: "registration_rejected" },
    );
  }
  if (user.teamDeletedAt) {
    throw new AppError(
      403,
      `Your team has been deleted. Please contact the administrator at ${adminEmail}.`,
      { title: "Team Deleted", code: "team_deleted" },
    );
  }
}
