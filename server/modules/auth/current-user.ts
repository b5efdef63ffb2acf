// Loading the signed-in user once per request, and its public shape.
import { and, eq, sql } from "drizzle-orm";
import { sessions, teams, userMfa, users, type User } from "@shared/schema";
import type { CurrentUser } from "@shared/api";
import type { CompetitionType } from "@shared/constants";
import type { Db, DbOrTx } from "../../db/client";
import type { SecondFactorState } from "@shared/api";

export interface SessionUser extends User {
  teamName: string | null;
  teamDeletedAt: Date | null;
  competitionType: CompetitionType | null;
  /** When the user confirmed a second factor (null: not enrolled). */
  mfaEnabledAt: Date | null;
  /**
   * Where this request's session stands on the second factor (server/auth/second-factor.ts); set
   * for the signed-in user of each request.
   */
  secondFactor?: SecondFactorState;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

export async function loadSessionUser(db: DbOrTx, where: { id: number }): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      user: users,
      teamName: teams.name,
      teamDeletedAt: teams.deletedAt,
      competitionType: teams.competitionType,
      mfaEnabledAt: userMfa.enabledAt,
    })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(userMfa, eq(userMfa.userId, users.id))
    .where(eq(users.id, where.id))
    .limit(1);
  if (!row) return undefined;
  return { ...row.user, teamName: row.teamName, teamDeletedAt: row.teamDeletedAt, competitionType: row.competitionType, mfaEnabledAt: row.mfaEnabledAt };
}

/**
 * A live session and its signed-in user (with team) in ONE statement: the per-request session read.
 * userId is the id the session names (null: nobody signed in); user is undefined when that user no
 * longer exists.
 */
function prepareSessionWithUser(db: Db) {
  const sessionUserId = sql<string | null>`(${sessions.sess} -> 'passport' ->> 'user')`;
  return db
    .select({
      sess: sessions.sess,
      expire: sessions.expire,
      userId: sessionUserId,
      user: users,
      teamName: teams.name,
      teamDeletedAt: teams.deletedAt,
      competitionType: teams.competitionType,
      mfaEnabledAt: userMfa.enabledAt,
    })
    .from(sessions)
    .leftJoin(users, sql`${sessionUserId} ~ '^[0-9]{1,9}$' and ${users.id} = (${sessionUserId})::int`)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(userMfa, eq(userMfa.userId, users.id))
    .where(and(eq(sessions.sid, sql.placeholder("sid")), sql`${sessions.expire} >= now()`))
    .limit(1)
    .prepare("session_with_user");
}
// A named prepared statement: planned once per connection, not on every request (planning cost
// more than running it).
const prepared = new WeakMap<Db, ReturnType<typeof prepareSessionWithUser>>();

export async function loadSessionWithUser(
  db: Db,
  sid: string,
): Promise<{ sess: unknown; expire: Date; userId: number | null; user: SessionUser | undefined } | undefined> {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepareSessionWithUser(db)));
  const [row] = await statement.execute({ sid });
  if (!row) return undefined;
  const userId = row.userId !== null && /^[0-9]{1,9}$/.test(row.userId) ? Number(row.userId) : null;
  const user = row.user
    ? { ...row.user, teamName: row.teamName, teamDeletedAt: row.teamDeletedAt, competitionType: row.competitionType, mfaEnabledAt: row.mfaEnabledAt }
    : undefined;
  return { sess: row.sess, expire: row.expire, userId, user };
}

export function toCurrentUser(u: SessionUser): CurrentUser {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    avatar: u.avatar,
    phone: u.phone,
    location: u.location,
    bio: u.bio,
    joinedAt: u.joinedAt.toISOString(),
    isAdmin: u.isAdmin,
    isApproved: u.isApproved,
    isSuspended: u.isSuspended,
    isEmailVerified: u.isEmailVerified,
    isCaptain: u.isCaptain,
    isPartner: u.isPartner,
    teamId: u.teamId,
    teamName: u.teamName,
    competitionType: u.competitionType,
    secondFactor: u.secondFactor ?? "not_enrolled",
  };
}
