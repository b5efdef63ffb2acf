// Weekly availability (docs/product.md, "Weekly availability"): each player sets their own usual
// week; their team and the teams that may play them (same category) read it.
import { and, asc, eq, isNull } from "drizzle-orm";
import { teams, users } from "@shared/schema";
import { hasAvailability, normalizeAvailability, type Availability } from "@shared/availability";
import type { MyAvailability, TeamAvailability } from "@shared/types/availability";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";

export const TEAM_NOT_FOUND = "Team not found";

/** Saves the signed-in player's own usual week (never anyone else's). */
export async function setAvailability(
  deps: Deps<"db" | "logger">,
  input: { availability: Availability; actor: Pick<Actor, "id"> },
): Promise<MyAvailability> {
  const [row] = await deps.db
    .update(users)
    .set({ availability: input.availability, updatedAt: new Date() })
    .where(eq(users.id, input.actor.id))
    .returning({ availability: users.availability });
  if (!row) throw new AppError(404, "User not found", { code: "not_found" });
  deps.logger.info({ event: "availability.set", userId: input.actor.id }, "availability saved");
  return { availability: normalizeAvailability(row.availability) };
}

/**
 * A team's players' usual weeks: for its own members, admins, and members of an active team of the
 * same category (who may challenge it or be challenged by it); anyone else gets 404 (the team's
 * existence aside, nothing is revealed).
 */
export async function getTeamAvailability(
  deps: Deps<"db">,
  input: { teamId: number; actor: Pick<Actor, "id" | "teamId" | "isAdmin"> },
): Promise<TeamAvailability> {
  const { db } = deps;
  const { actor } = input;
  const [team] = await db
    .select({ id: teams.id, name: teams.name, competitionType: teams.competitionType })
    .from(teams)
    .where(and(eq(teams.id, input.teamId), isNull(teams.deletedAt)))
    .limit(1);
  if (!team) throw new AppError(404, TEAM_NOT_FOUND, { code: "not_found" });
  if (!actor.isAdmin && actor.teamId !== team.id) {
    const [mine] = actor.teamId
      ? await db
          .select({ competitionType: teams.competitionType })
          .from(teams)
          .where(and(eq(teams.id, actor.teamId), isNull(teams.deletedAt)))
          .limit(1)
      : [];
    if (!mine || mine.competitionType !== team.competitionType) throw new AppError(404, TEAM_NOT_FOUND, { code: "not_found" });
  }
  const members = await db
    .select({ id: users.id, name: users.name, isCaptain: users.isCaptain, username: users.username, availability: users.availability })
    .from(users)
    .where(and(eq(users.teamId, team.id), eq(users.isAdmin, false)))
    .orderBy(asc(users.isPartner), asc(users.id));
  return {
    teamId: team.id,
    teamName: team.name,
    players: members.map((m) => {
      const availability = normalizeAvailability(m.availability);
      return { id: m.id, name: m.name, isCaptain: m.isCaptain, hasLogin: m.username !== null, availability, isSet: hasAvailability(availability) };
    }),
  };
}
