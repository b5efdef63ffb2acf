// Loading the signed-in user once per request, and its public shape.
import { eq } from "drizzle-orm";
import { teams, users, type User } from "@shared/schema";
import type { CurrentUser } from "@shared/api";
import type { CompetitionType } from "@shared/constants";
import type { DbOrTx } from "../../db/client";

export interface SessionUser extends User {
  teamName: string | null;
  teamDeletedAt: Date | null;
  competitionType: CompetitionType | null;
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
    .select({ user: users, teamName: teams.name, teamDeletedAt: teams.deletedAt, competitionType: teams.competitionType })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(eq(users.id, where.id))
    .limit(1);
  if (!row) return undefined;
  return { ...row.user, teamName: row.teamName, teamDeletedAt: row.teamDeletedAt, competitionType: row.competitionType };
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
  };
}
