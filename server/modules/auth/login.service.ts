import { eq, sql } from "drizzle-orm";
import { users } from "@shared/schema";
import type { Deps, TxDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { burnPasswordCheck, verifyPassword } from "../../auth/password";
import { loadSessionUser, type SessionUser } from "./current-user";

export const INVALID_LOGIN = "Invalid username or password";

/** Checks a username and password; refuses suspended, rejected users and members of deleted teams with the reason. */
export async function authenticateUser(deps: Deps<"db" | "env">, input: { username: string; password: string }): Promise<SessionUser> {
  const { db } = deps;
  const { username, password } = input;
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
  refuseBlockedUser(user, deps.env.ADMIN_EMAIL);
  return user;
}

/** Suspended, rejected users and members of deleted teams are refused with the reason (at the password and at the code step). */
export function refuseBlockedUser(user: SessionUser, adminEmail: string): void {
  const refusal = accountRefusal(user, adminEmail);
  if (refusal) throw new AppError(403, refusal.message, { title: refusal.title, code: refusal.code });
}

/** A reason as a sentence: trimmed, ending with a full stop unless it ends with . ! or ?. */
function sentence(reason: string): string {
  const text = reason.trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export interface AccountRefusal {
  title: string;
  message: string;
  code: "account_suspended" | "registration_rejected" | "team_deleted";
}

/**
 * Why this account may not be signed in (suspended, rejected, or its team deleted), or null. The one
 * place these messages are written: the login refusal and the notice of a session they ended
 * (GET /api/user) both use it.
 */
export function accountRefusal(
  user: Pick<SessionUser, "isSuspended" | "suspensionReason" | "rejectionReason" | "teamDeletedAt">,
  adminEmail: string,
): AccountRefusal | null {
  const contact = `Please contact the administrator at ${adminEmail}.`;
  if (user.isSuspended) {
    const reason = user.suspensionReason?.trim() ? sentence(user.suspensionReason) : "No reason was given.";
    return { title: "Account Suspended", message: `Your account has been suspended. Reason: ${reason} ${contact}`, code: "account_suspended" };
  }
  if (user.rejectionReason?.trim()) {
    return {
      title: "Registration Rejected",
      message: `Your registration was not approved. Reason: ${sentence(user.rejectionReason)} ${contact}`,
      code: "registration_rejected",
    };
  }
  if (user.teamDeletedAt) return { title: "Team Deleted", message: `Your team has been deleted. ${contact}`, code: "team_deleted" };
  return null;
}

/**
 * A browser whose session ended (GET /api/user without a session) and whose last sign-in was
 * `userId`: why, when the account is now refused; null otherwise (a plain sign-out, an expired
 * session, a password reset, a deleted account).
 */
export async function endedSessionRefusal(deps: TxDeps<"db" | "env">, input: { userId: number }): Promise<AccountRefusal | null> {
  const user = await loadSessionUser(deps.db, { id: input.userId });
  return user ? accountRefusal(user, deps.env.ADMIN_EMAIL) : null;
}
